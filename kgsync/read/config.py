"""kgsync.yml: a declarative, validated configuration schema.

Like mkdocs, every option has a type, a default and a description; unknown keys
and wrong types are collected and reported together, once, naming the file,
the line and the key.  The defaults make kgsync run on any research repo with
zero configuration.  ``Config.describe()`` feeds the README's reference table.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any


from kgsync.contract.errors import ConfigError, Location
from kgsync.read.yaml_source import key_lines, read_yaml

CONFIG_FILE = "kgsync.yml"
TAG_STYLES = ("search-safe", "slug")
#: ``cache_dir``'s default: the user's cache directory, outside the checkout (kgsync.build.cache.location).
USER_CACHE = "(user cache)"


@dataclass(frozen=True)
class Caps:
    """Per-item caps: what one item may contribute to the graph."""

    concepts: int = 5
    claims: int = 4  # claims are the most precise search keys (docs/ECONOMY.md)
    methods: int = 2
    links: int = 1  # extends edges taken from links in the text (frontmatter cites always count)
    # Off by default: with it, editing one of an item's first findings can move another finding's
    # claim, which breaks the claim-selection promise (docs/CLAIMS.md, rule 4).
    topic_claim: bool = False


@dataclass(frozen=True)
class Mining:
    """Concept and method discovery (see docs/CONTRACT.md, "Concepts and methods")."""

    min_items: int = 2  # a hub must be on more than this many items...
    max_item_share: float = 0.2  # ...and in at most this share of them (else it is a corpus stopword)
    salient_per_item: int = 2  # unused since locality (each item chooses its own terms); accepted in kgsync.yml
    min_links: int = 2  # a mined term becomes a node only when this many items link it (pinned terms always)
    max_theme_share: float = 0.2  # a theme on at most this share of the items is a concept (1: every theme)


@dataclass(frozen=True)
class Merge:
    """Near-duplicate rule (the ``merge:`` section): two names are distinct only when both hold.

    "merge" here means merging two *names* into one term (kgsync duplicates, lint's
    near-duplicate warning, the build's term merges); it is unrelated to
    ``kgsync.graph.merge``, which merges a build's facts into the committed graph by
    ownership.  The section keeps its name: it is in every kgsync.yml.
    """

    min_edit_distance: int = 3  # Levenshtein distance must exceed 2
    max_token_jaccard: float = 0.6  # token Jaccard must stay below 0.6


@dataclass(frozen=True)
class SiteOptions:
    title: str = "Research knowledge graph"
    # {repo}, {branch}, {path} are filled in; default: the file on GitHub.
    source_url: str = "https://github.com/{repo}/blob/{branch}/{path}"
    repo: str = ""  # owner/name; default: $GITHUB_REPOSITORY
    branch: str = ""  # default: $GITHUB_HEAD_REF in a pull-request run, else $GITHUB_REF_NAME, else "main"
    url: str = ""  # where the site is published; the PR body then links each merged item's page


@dataclass(frozen=True)
class PullRequest:
    branch: str = "kgsync/graph-update"
    base: str = "main"
    title: str = "kgsync: knowledge graph update"
    labels: tuple[str, ...] = ("knowledge-graph",)


@dataclass(frozen=True)
class Config:
    """Every option of kgsync.yml.  Paths are relative to the research repo root."""

    items: str = "Research/completed/*.md"
    graph: str = "memory.jsonl"
    themes_vocabulary: str = ""  # file with the theme alias map (YAML, or Markdown ending in a YAML block)
    vocabulary: str = "kgsync-vocab.yml"  # maintainers' pinned names, aliases, merges, stoplist
    # "search-safe": tag:agentic_ai (a theme slug is a hub: as a substring key it would
    # return every tagged item; see docs/ECONOMY.md); "slug": tag:agentic-ai verbatim.
    tag_style: str = "search-safe"
    cache_dir: str = USER_CACHE
    caps: Caps = field(default_factory=Caps)
    mining: Mining = field(default_factory=Mining)
    merge: Merge = field(default_factory=Merge)
    site: SiteOptions = field(default_factory=SiteOptions)
    pr: PullRequest = field(default_factory=PullRequest)
    root: Path = field(default=Path("."), compare=False)

    def path(self, relative: str) -> Path:
        """An option's path, resolved against the research repo root."""
        return (self.root / relative) if relative else Path()

    def with_overrides(self, **overrides: Any) -> Config:
        return replace(self, **{k: v for k, v in overrides.items() if v is not None})


_SECTIONS: dict[str, type] = {"caps": Caps, "mining": Mining, "merge": Merge, "site": SiteOptions, "pr": PullRequest}


Problem = tuple["int | None", str]  # (line in kgsync.yml when known, "option: what is wrong")


def load(root: str | Path = ".", config_file: str | Path | None = None) -> Config:
    """Read ``kgsync.yml`` at ``root`` (absent: defaults) and validate all of it."""
    root = Path(root)
    path = Path(config_file) if config_file else root / CONFIG_FILE
    if not path.exists():
        if config_file:
            raise ConfigError("config file not found", Location.of(path))
        return Config(root=root)
    data, node = read_yaml(path)
    data = data or {}
    lines = key_lines(node)
    errors: list[Problem] = []
    if not isinstance(data, Mapping):
        raise ConfigError("must be a mapping of option: value", Location.of(path, 1))
    config: Config = _build(Config, data, "", lines, errors)
    if config.tag_style not in TAG_STYLES:
        errors.append((lines.get("tag_style"), f"tag_style: must be one of {', '.join(TAG_STYLES)}"))
    if errors:
        # In file order, each as "kgsync.yml:9: graf: ...", the form of every other message.
        placed = (str(Location.of(path, line)) + f": {text}"
                  for line, text in sorted(errors, key=lambda e: (e[0] is None, e[0] or 0, e[1])))
        raise ConfigError(
            f"{len(errors)} problem(s):\n  " + "\n  ".join(placed),
            Location.of(path),
            "see the configuration reference in README.md",
        )
    return replace(config, root=root)


def _build(cls: type, data: Mapping[str, Any], prefix: str, lines: dict[str, int], errors: list[Problem]) -> Any:
    known = {f.name: f for f in fields(cls) if f.name != "root"}
    values: dict[str, Any] = {}
    defaults = cls()
    for key, value in data.items():
        dotted = f"{prefix}{key}"
        line = lines.get(dotted)
        if key not in known:
            near = difflib.get_close_matches(str(key), known, n=1)
            guess = f"did you mean {near[0]}? " if near else ""
            errors.append((line, f"{dotted}: unknown option ({guess}known: {', '.join(sorted(known))})"))
            continue
        default = getattr(defaults, key)
        if key in _SECTIONS and cls is Config:
            if not isinstance(value, Mapping):
                errors.append((line, f"{dotted}: must be a mapping"))
                continue
            values[key] = _build(_SECTIONS[key], value, dotted + ".", lines, errors)
            continue
        checked = _check(default, value)
        if checked is None:
            errors.append((line, f"{dotted}: expected {_expected(default)}, got {value!r}"))
            continue
        values[key] = checked
    return cls(**values)


def _expected(default: Any) -> str:
    """What ``_check`` accepts for an option of ``default``'s type, in the reader's words."""
    if isinstance(default, bool):
        return "true or false"
    if isinstance(default, int):
        return "a whole number, 0 or more"
    if isinstance(default, float):
        return "a number from 0 to 1"
    if isinstance(default, str):
        return "text"
    return "a list of text"


def _check(default: Any, value: Any) -> Any:
    """``value`` coerced to the type of ``default``, or None when it does not fit."""
    if isinstance(default, bool):
        return value if isinstance(value, bool) else None
    if isinstance(default, int):
        return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None
    if isinstance(default, float):
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1
        return float(value) if ok else None
    if isinstance(default, str):
        return value if isinstance(value, str) else None
    if isinstance(default, tuple):
        if isinstance(value, str):
            value = [value]
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        return tuple(value) if ok else None
    return None


#: What each option does (the README's configuration reference is generated from this).
DESCRIPTIONS: dict[str, str] = {
    "items": "item files: a folder or a glob, relative to the repo root",
    "graph": "the graph file (its manifest is written beside it as <name>.kgsync.json)",
    "themes_vocabulary": "theme alias map: YAML, or Markdown ending in a fenced YAML block (canonical: [aliases])",
    "vocabulary": "the maintainers' vocabulary file: pinned terms, merges, stoplist",
    "tag_style": "search-safe (tag:agentic_ai) or slug (tag:agentic-ai); see docs/ECONOMY.md",
    "cache_dir": "build cache (never changes the output); default: outside the checkout, ~/.cache/kgsync/<repo hash>; "
                 "a folder inside it is authenticated by a key kept outside the repo; empty: no cache",
    "caps.concepts": "concepts one item may address",
    "caps.claims": "claims one item may state",
    "caps.methods": "methods one item may use",
    "caps.links": "extends edges taken from links in an item's text (frontmatter cites always count)",
    "caps.topic_claim": "also make a claim of the first later finding naming the item's topic when its first findings miss it",
    "mining.min_items": "a term on no more than this many items is never a hub",
    "mining.max_item_share": "a term on more than this share and more than min_items of the items is a hub "
                             "(corpus stopword); a theme on more takes none of an item's concept slots",
    "mining.salient_per_item": "no longer used (each item chooses its own terms); still accepted",
    "mining.max_theme_share": "a theme on at most this share of the items becomes a concept node (1: every "
                              "theme); a theme on more is a tag only",
    "mining.min_links": "a mined concept or method is written only when at least this many items link it "
    "within their caps (1: every item's own terms too); pinned terms always are",
    "merge.min_edit_distance": "names closer than this (Levenshtein) are candidate duplicates",
    "merge.max_token_jaccard": "names with at least this token Jaccard similarity are candidate duplicates",
    "site.title": "the site's name",
    "site.source_url": "link from a page back to the item; {repo}, {branch}, {path} are filled in",
    "site.repo": "owner/name for source links (default: $GITHUB_REPOSITORY)",
    "site.branch": "branch for source links (default: the run's branch: $GITHUB_HEAD_REF in a pull request, "
                   "else $GITHUB_REF_NAME, else main)",
    "site.url": "the published site's address (https://...); the PR body links each merged item's page there",
    "pr.branch": "the PR branch kgsync rebuilds from base on every run",
    "pr.base": "the branch the PR merges into",
    "pr.title": "the PR title; left at the default, each PR is titled by its cause "
                "(kgsync: add <item title> (+5 nodes), kgsync: update 2 items, remove 1)",
    "pr.labels": "labels added to the PR (never removed)",
}


def describe() -> list[tuple[str, str, str, str]]:
    """(option, default, type, description) rows for the configuration reference."""
    rows: list[tuple[str, str, str, str]] = []
    for f in fields(Config):
        if f.name == "root":
            continue
        default = getattr(Config(), f.name)
        if f.name in _SECTIONS:
            for sub in fields(_SECTIONS[f.name]):
                value = getattr(default, sub.name)
                key = f"{f.name}.{sub.name}"
                rows.append((key, _shown(value), type(value).__name__, DESCRIPTIONS.get(key, "")))
        else:
            rows.append((f.name, _shown(default), type(default).__name__, DESCRIPTIONS.get(f.name, "")))
    return rows


def _shown(value: Any) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(value) + "]"
    return str(value) if value != "" else "(none)"


def reference_table() -> str:
    """The README's configuration table."""
    lines = ["| option | default | type | what it does |", "|---|---|---|---|"]
    lines += [f"| `{k}` | `{d}` | {t} | {text} |" for k, d, t, text in describe()]
    return "\n".join(lines) + "\n"
