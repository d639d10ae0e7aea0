"""kgsync.yml: a declarative, validated configuration schema.

Like mkdocs, every option is declared once, in one place, with its type (the annotation),
its default and its description (``option(default, help)``); an option with a fixed set of
values names them (``choices``), and an option that no longer does anything is declared
``Deprecated``: still accepted and type-checked, so old files keep loading, and ignored.
Unknown keys and wrong types are collected and reported together, once, naming the file,
the line and the key.  The defaults make kgsync run on any research repo with zero
configuration.  ``kgsync.read.config_reference`` writes the configuration reference
(docs/configuration.md, generated) from this schema.  How an option is declared and a mapping read
against the declarations is ``kgsync.read.config_schema``; here are kgsync's options and where they may point.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar


from kgsync.contract.errors import ConfigError, Location, printable_path
from kgsync.read.graph_names import A_MANIFEST, GRAPH_NOT_MANIFEST, manifest_of, names_a_file, names_a_manifest
from kgsync.read.config_schema import Deprecated, Problem, option, read_section, section
from kgsync.read.pr_names import branch_problem, label_problem, site_url_problem, title_problem
from kgsync.read.yaml_source import key_lines, leads_out, read_yaml

CONFIG_FILE = "kgsync.yml"
#: The maintainers' veto file (kgsync.read.veto_file), beside the vocabulary file (``Config.veto_path``).
VETO_FILE = "kgsync-veto.yml"
TAG_STYLES = ("search-safe", "slug")
#: ``cache_dir``'s default: the user's cache directory (``kgsync.read.user_cache``), outside the checkout
#: (kgsync.pipeline.cache.location).
USER_CACHE = "(user cache)"


@dataclass(frozen=True)
class Caps:
    """Per-item caps: what one item may contribute to the graph."""

    concepts: int = option(5, "concepts one item may address")
    # Claims are the most precise search keys (docs/ECONOMY.md).
    claims: int = option(4, "claims one item may state")
    methods: int = option(2, "methods one item may use")
    links: int = option(1, "extends edges taken from links in an item's text (frontmatter cites always count)")
    # Off by default: with it, editing one of an item's first findings can move another finding's
    # claim, which breaks the claim-selection promise (docs/CLAIMS.md, rule 4).
    topic_claim: bool = option(
        False, "also make a claim of the first later finding naming the item's topic when its first findings miss it")
    # Every list an item's file can grow: past its cap the item is an error (it keeps its previous
    # nodes; the others build), so one file cannot make the graph or the site unbounded.  The real
    # corpus's largest (220 items): 6 themes, 5 cites, 3 related, 1 superseded_by, 47 sources,
    # 30 Key Findings.  The item node's observations are its fixed keys plus one per theme.
    themes: int = option(30, "themes one item may list (each is a tag on its node, a concept node and a site page); "
                             "past it the item is an error and keeps its previous nodes")
    cites: int = option(50, "entries each of an item's cites, related, supersedes and superseded_by may list; "
                            "past it the item is an error")
    sources: int = option(300, "distinct URLs an item's Sources section may hold; past it the item is an error")
    findings: int = option(100, "entries an item's Key Findings list may hold; past it the item is an error")
    observations: int = option(50, "observations one item may put on one node (a title, tags, aliases...); "
                                   "past it the item is an error")

    @property
    def term_slots(self) -> tuple[int, int]:
        """(concepts, methods): the caps that decide which mined terms an item links (the manifest
        records them with its terms: other caps decide every node again)."""
        return self.concepts, self.methods


@dataclass(frozen=True)
class Mining:
    """Concept and method discovery (see docs/CONTRACT.md, "Concepts and methods")."""

    min_items: int = option(2, "a term on no more than this many items is never a hub")
    max_item_share: float = option(
        0.2, "a term on more than this share and more than min_items of the items is a hub "
        "(corpus stopword)")
    min_links: int = option(
        2, "a mined concept or method is written only when at least this many items link it "
        "within their caps (1: every item's own terms too); pinned terms always are (one that names a "
        "theme as the theme's node), and so is one the last build wrote under this setting and the same "
        "caps.concepts and caps.methods (the manifest's terms) while one item links it: a delete retires "
        "only what no remaining item uses")
    # Unused since locality: each item chooses its own terms.  Old kgsync.yml files set them.
    DEPRECATED: ClassVar[Mapping[str, Deprecated]] = {
        "salient_per_item": Deprecated(2, "no longer used (each item chooses its own terms); accepted and ignored"),
        "max_theme_share": Deprecated(0.2, "no longer used (whether a theme is a node is read from the "
                                           "vocabulary's words, never from its share of the items); "
                                           "accepted and ignored"),
    }


@dataclass(frozen=True)
class Merge:
    """Near-duplicate rule (the ``merge:`` section): two names are distinct only when both hold.

    "merge" here means merging two *names* into one term (kgsync duplicates, lint's
    near-duplicate warning, the build's term merges); it is unrelated to
    ``kgsync.graph.merge``, which merges a build's facts into the committed graph by
    ownership.  The section keeps its name: it is in every kgsync.yml.
    """

    # Levenshtein distance must exceed 2, token Jaccard must stay below 0.6.
    min_edit_distance: int = option(3, "names closer than this (Levenshtein) are candidate duplicates")
    max_token_jaccard: float = option(
        0.6, "names with at least this token Jaccard similarity are candidate duplicates")


@dataclass(frozen=True)
class SiteOptions:
    """The published site (``kgsync site``)."""

    title: str = option("Research knowledge graph", "the site's name")
    source_url: str = option("https://github.com/{repo}/blob/{branch}/{path}",
                             "link from a page back to the item; {repo}, {branch}, {path} are filled in")
    repo: str = option("", "owner/name for source links (default: $GITHUB_REPOSITORY)")
    branch: str = option("", "branch for source links (default: the run's branch: $GITHUB_HEAD_REF in a pull "
                         "request, else $GITHUB_REF_NAME, else main)")
    url: str = option("", "the published site's address (https://...); the PR body links each merged item's page "
                      "there, and the site's 404 page links its styles under it (needed for a project site, "
                      "https://owner.github.io/repo/)")


@dataclass(frozen=True)
class PullRequest:
    """The review pull request (``kgsync pr``)."""

    branch: str = option("kgsync/graph-update", "the PR branch kgsync rebuilds from base on every run")
    base: str = option("main", "the branch the PR merges into")
    title: str = option("kgsync: knowledge graph update",
                        "the PR title; left at the default, each PR is titled by its cause "
                        "(Add <item title> (+3 claims), Update graph: 3 items (+12 claims, -2), "
                        "Add 2, remove 1 item (...)); it also titles a change no item explains")
    labels: tuple[str, ...] = option(("knowledge-graph",),
                                     "labels added to the PR (never removed; each not blank and at most 50 characters, "
                                     "GitHub's limits)")


@dataclass(frozen=True)
class Config:
    """Every option of kgsync.yml.  Paths are relative to the research repo root."""

    items: str = option("Research/completed/*.md", "item files: a folder or a glob, relative to the repo root")
    graph: str = option("memory.jsonl", "the graph file (its manifest is written beside it as <name>.kgsync.json)")
    themes_vocabulary: str = option(
        "", "theme alias map: YAML, or Markdown ending in a fenced YAML block (canonical: [aliases])")
    vocabulary: str = option("kgsync-vocab.yml", "the maintainers' vocabulary file: pinned terms, merges, stoplist "
                                                    "(the default may be absent; a name given here must exist)")
    # "search-safe": tag:agentic_ai (a theme slug is a hub: as a substring key it would
    # return every tagged item; see docs/ECONOMY.md); "slug": tag:agentic-ai verbatim.
    tag_style: str = option("search-safe", "search-safe (tag:agentic_ai) or slug (tag:agentic-ai); see docs/ECONOMY.md",
                            choices=TAG_STYLES)
    cache_dir: str = option(
        USER_CACHE, "build cache (never changes the output); default: outside the checkout, ~/.cache/kgsync/<repo hash>; "
                    "a folder inside it is authenticated by a key kept outside the repo; empty: no cache")
    caps: Caps = section(Caps, "what one item may contribute")
    mining: Mining = section(Mining, "concept and method discovery")
    merge: Merge = section(Merge, "the near-duplicate rule for names")
    site: SiteOptions = section(SiteOptions, "the published site")
    pr: PullRequest = section(PullRequest, "the review pull request")
    root: Path = field(default=Path("."), compare=False)  # not an option: where kgsync.yml was found
    config_file: Path | None = field(default=None, compare=False)  # not an option: the kgsync.yml read, if any
    #: Not an option: the line of each option the kgsync.yml read sets ("items", "pr.title"), for ``where``.
    lines: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)

    def where(self, key: str) -> Location | None:
        """Where option ``key`` was set: its kgsync.yml line; None when it is the default or the command line's."""
        line = self.lines.get(key)
        return Location.of(self.config_file, line) if self.config_file is not None and line is not None else None

    def path(self, relative: str) -> Path:
        """An option's path, resolved against the research repo root."""
        return (self.root / relative) if relative else Path()

    def graph_file(self, elsewhere: str = "--out PATH") -> Path:
        """The graph file a command reads or writes when given none: ``graph``'s path, refused when the
        repository names it (kgsync.yml's key or the default memory.jsonl, a relative path) and it, or
        its manifest beside it (``manifest_of``), resolves outside the root.  ``load`` refuses a
        ``graph:`` key outside; the rest is checked here, when it is used, so that a path on the command
        line (the operator's: ``--out``, ``--graph``, a FILE argument) still goes anywhere.  A committed
        memory.jsonl or memory.kgsync.json that is a link to a file outside would be written through
        (``jsonl.write`` keeps a link a link), in the job that holds the write token, and read through:
        lint would pass, the site publish and serve answer with any file the job can read.
        ``elsewhere``: the command's way to name a graph, for the hint."""
        path = self.path(self.graph)
        if Path(self.graph).is_absolute():
            return path
        for relative, what in ((self.graph, "the graph file"), (manifest_of(Path(self.graph)).as_posix(), "the graph's manifest")):
            if not _inside(self.root, relative):
                linked = self.path(relative)
                raise ConfigError(
                    f"{what} is a link to {printable_path(str(linked.resolve()))}, outside the repository "
                    f"({printable_path(str(self.root.resolve()))}); the repository may not make kgsync read or write there",
                    Location.of(linked),
                    "commit the graph and its manifest as files (remove the link), or name a file inside the "
                    f"repository with graph: in kgsync.yml; to use a file elsewhere, pass {elsewhere}",
                )
        return path

    def input_at(self, path: Path, *, graph: bool = True) -> str | None:
        """What input of the build ``path`` is (None: none): the file a command writes must never be one
        (``vocab --write kgsync.yml`` replaced the config), nor be where one will be read (written at the veto
        file's name before any veto, it stopped every later build).  An item is one only once it exists.
        ``graph``: whether the graph and its manifest count (not when checking ``graph:`` itself)."""
        if path.exists() and not path.is_file():
            return None
        named = [(self.config_file or self.root / CONFIG_FILE, f"{(self.config_file or Path(CONFIG_FILE)).name} itself")]
        if graph and names_a_file(self.graph):
            named += [(self.path(self.graph), "the graph file"), (manifest_of(self.path(self.graph)), "the graph's manifest")]
        named += [(self.path(relative), what) for relative, what in ((self.themes_vocabulary, "the themes_vocabulary file"),
                                                                     (self.vocabulary, "the vocabulary file")) if relative]
        named += [(veto, "the veto file") for veto in (self._veto_file(),) if veto is not None]
        for known, what in named:
            if path.resolve() == known.resolve() or (known.is_file() and path.is_file() and path.samefile(known)):
                return what
        if path.suffix.lower() == ".md" and path.is_file():
            from kgsync.read.items import find_item_files  # the reader's import cost only for a Markdown file

            if any(item.is_file() and path.samefile(item) for item in find_item_files(self.items, self.root)):
                return "an item file"
        return None

    def optional_path(self, relative: str) -> Path | None:
        """An optional file's path (``vocabulary``, ``themes_vocabulary``), resolved against the
        research repo root; None when the option is empty: no such file is configured.  Refused when
        the repository links it outside (``kept_in``)."""
        return kept_in(self.root, self.root / relative) if relative else None

    def vocabulary_path(self) -> Path | None:
        """The vocabulary file's path (``optional_path``); a name kgsync.yml gives that names no file is a ``ConfigError``
        at its line (read as empty, a typo dropped every pin, merge, stop and veto).  The default may be absent."""
        path = self.optional_path(self.vocabulary)
        if path is None or "vocabulary" not in self.lines or path.exists():
            return path
        raise ConfigError(f"vocabulary: {self.vocabulary!r}: no such file",
                          Location.of(self.config_file or self.root / CONFIG_FILE, self.lines["vocabulary"]),
                          "correct the name, commit the file, or remove the option (default: kgsync-vocab.yml)")

    def veto_path(self) -> Path | None:
        """The veto file's path: beside the vocabulary file (None: no vocabulary file is configured, so no
        vetoes).  Refused when the repository links it outside (``kept_in``)."""
        veto = self._veto_file()
        return None if veto is None else kept_in(self.root, veto)

    def _veto_file(self) -> Path | None:
        return (self.root / self.vocabulary).with_name(VETO_FILE) if self.vocabulary else None

    def with_overrides(self, **overrides: Any) -> Config:
        """Options given on the command line (None: not given), checked as kgsync.yml's are."""
        graph = overrides.get("graph")
        if graph is not None and not names_a_file(graph):
            raise ConfigError(f"graph: names no file ({graph!r})", None, "write a file path such as memory.jsonl")
        if graph is not None and names_a_manifest(graph):  # refused before one exists: else written as the graph
            raise ConfigError(f"graph: {graph!r} {A_MANIFEST}", None, GRAPH_NOT_MANIFEST)
        given = {k: v for k, v in overrides.items() if v is not None}
        config = replace(self, **given, lines={k: v for k, v in self.lines.items() if k not in given})
        # As ``load`` refuses such a ``graph:``: else read as a graph line by line, or, empty, written over.
        target = config.path(graph) if graph is not None else None
        if target is not None and (what := config.input_at(target, graph=False)):
            raise ConfigError(f"graph: {graph!r} is {what}, which the build reads", None,
                              "name another graph file (kgsync build --out, kgsync pr --graph), such as memory.jsonl")
        # As ``load`` refuses such a ``cache_dir:``: click refuses only an existing file, so a folder was made
        # at the manifest's name before it existed, then read as a broken manifest.  Also when --out moves the graph.
        if (graph is not None or overrides.get("cache_dir")) and (what := _not_a_folder(config.root, config)):
            given_dir = overrides.get("cache_dir")
            raise ConfigError(f"{'--cache-dir' if given_dir else 'cache_dir'}: {config.cache_dir!r} {what}", None,
                              "name a folder of its own for the cache, such as .kgsync-cache")
        return config

    @property
    def vocabulary_options(self) -> VocabularyOptions:
        """What the vocabulary stage reads of this config (``VocabularyOptions``)."""
        return VocabularyOptions(self.mining, self.caps, self.merge)


@dataclass(frozen=True)
class VocabularyOptions:
    """The three sections of ``Config`` the vocabulary stage reads (``kgsync.vocabulary.vocab.select``),
    and nothing else: the stage, its reuse check and its cache key depend on exactly these."""

    mining: Mining = field(default_factory=Mining)
    caps: Caps = field(default_factory=Caps)
    merge: Merge = field(default_factory=Merge)


def load(root: str | Path = ".", config_file: str | Path | None = None) -> Config:
    """Read ``kgsync.yml`` at ``root`` (absent: defaults) and validate all of it."""
    root = Path(root)
    path = Path(config_file) if config_file else kept_in(root, root / CONFIG_FILE)
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
    config: Config = read_section(Config, data, "", lines, errors)
    if "graph" in data and not names_a_file(config.graph):  # its manifest is named after it: <name>.kgsync.json
        errors.append((lines.get("graph"), f"graph: names no file ({config.graph!r}): write a file path such as "
                                           "memory.jsonl"))
    elif "graph" in data and names_a_manifest(config.graph):
        errors.append((lines.get("graph"), f"graph: {config.graph!r} {A_MANIFEST}: {GRAPH_NOT_MANIFEST}"))
    elif "graph" in data and (root / config.graph).is_dir():  # the items folder, say: read as a graph later
        errors.append((lines.get("graph"), f"graph: {config.graph!r} is a folder: name a file, such as memory.jsonl"))
    elif "graph" in data and (what := _an_input(root, path, config)):  # else read as a graph, line by line
        errors.append((lines.get("graph"), f"graph: {config.graph!r} is {what}, which the build reads: name another "
                                           "file, such as memory.jsonl"))
    # What it writes, from any config file; what it reads, from the repository's own (a file named by
    # --config is the operator's).
    reach = [(key, fix, "write") for key, fix in _OUTPUTS] + [(key, fix, "read") for key, fix in _INPUTS if not config_file]
    for key, fix, verb in reach:
        value = getattr(config, key)
        named = value and value != USER_CACHE and (key != "graph" or names_a_file(value))  # else an error above
        if key in data and named and not _inside(root, value):
            errors.append((lines.get(key), f"{key}: {value!r} lies outside the repository "
                                           f"({printable_path(str(root.resolve()))}); "
                                           f"kgsync.yml is repository content and may not make kgsync {verb} there "
                                           f"(fix: {fix})"))
    if "cache_dir" in data and (what := _not_a_folder(root, config)):
        errors.append((lines.get("cache_dir"), f"cache_dir: {config.cache_dir!r} {what} (fix: name a folder of its own, "
                                               "such as .kgsync-cache)"))
    if "site" in data and (problem := site_url_problem(config.site.url)):
        errors.append((lines.get("site.url"), f"site.url: {problem}"))
    if "pr" in data and (problem := title_problem(config.pr.title)):
        errors.append((lines.get("pr.title"), f"pr.title: {problem}"))
    for key in ("branch", "base"):
        if "pr" in data and (problem := branch_problem(getattr(config.pr, key))):
            errors.append((lines.get(f"pr.{key}"), f"pr.{key}: {problem}"))
    for label in config.pr.labels if "pr" in data else ():
        if problem := label_problem(label):
            errors.append((lines.get("pr.labels"), f"pr.labels: {problem}"))
    if "pr" in data and config.pr.branch == config.pr.base:
        errors.append((lines.get("pr.branch") or lines.get("pr.base"), f"pr.branch: is the base, {config.pr.base!r} "
                                                                       "(fix: set pr.branch to a branch of its own)"))
    if errors:
        # In file order, each as "kgsync.yml:9: graf: ...", the form of every other message.
        placed = (str(Location.of(path, line)) + f": {text}"
                  for line, text in sorted(errors, key=lambda e: (e[0] is None, e[0] or 0, e[1])))
        # Each problem carries its own fix; the reference heads the list (a hint here would read as a
        # second fix on the last problem), as the vocabulary file's does.
        raise ConfigError(f"{len(errors)} problem(s) (the options: docs/configuration.md):\n  " + "\n  ".join(placed),
                          Location.of(path))
    return replace(config, root=root, config_file=path, lines=lines)


# The options of kgsync.yml that name what a build writes, and the fix when one lies outside the
# repository.  kgsync.yml is merged content read by the job holding the write token: a graph named
# outside the checkout (with its manifest beside it) would be written there, and a cache folder
# outside it is trusted without the HMAC a folder inside carries (``pipeline.cache.location``).
# The command line (--out, --cache-dir, $KGSYNC_CACHE_DIR) is the operator's and may still.
_OUTPUTS = (
    ("graph", "name a file inside the repository, such as memory.jsonl; to write elsewhere, pass --out PATH"),
    ("cache_dir", "remove cache_dir to keep the cache in the user's cache directory, or choose a folder "
                  "elsewhere with --cache-dir or $KGSYNC_CACHE_DIR"),
)


# The options of kgsync.yml that name what a build reads, and the fix when one lies outside the
# repository: what the build reads it publishes (the graph, the PR body, its messages), so a committed
# kgsync.yml may not pull a file of the runner's disk into them, as a committed link leading out may not
# (``kept_in``).  The command line (--items, --config FILE) is the operator's and may still.
_INPUTS = (
    ("items", "name a folder or glob inside the repository; to read items elsewhere, pass --items PATH "
              "or a config file with --config FILE"),
    ("vocabulary", "commit the vocabulary file inside the repository, or name one elsewhere in a config file "
                   "passed with --config FILE"),
    ("themes_vocabulary", "commit the theme vocabulary inside the repository, or name one elsewhere in a config "
                          "file passed with --config FILE"),
)


def kept_in(root: Path, path: Path) -> Path:
    """``path``, a maintainers' file the repository names (kgsync.yml, the vocabulary, the veto file,
    the theme map), or a ``ConfigError`` when it is committed as a link leading out of ``root``
    (``yaml_source.leads_out``, the items' rule): the repository must not pull a file of the runner's
    disk into the build, the PR body or an error message.  A file named on the command line
    (``--config``) is the operator's and is not asked about."""
    target = leads_out(path, root)
    if target is None:
        return path
    raise ConfigError(f"a symbolic link leads out of the repository (to {printable_path(str(target))}): not read",
                      Location.of(path), "commit the file itself, or point the link at a file inside the repository"
                      + ("; to use a file elsewhere, pass --config PATH" if path.name == CONFIG_FILE else ""))


def _not_a_folder(root: Path, config: Config) -> str:
    """Why ``cache_dir`` cannot be the cache's folder ("" when it can): an existing file there ended the
    build with a traceback once the cache was saved, and the graph's or manifest's name became a folder
    the build then read as a broken graph or manifest."""
    if not config.cache_dir or config.cache_dir == USER_CACHE:
        return ""
    folder = os.path.normpath(root / config.cache_dir)
    graph = os.path.normpath(root / config.graph)
    if folder == graph:
        return "is the graph's name"
    if folder == os.path.normpath(manifest_of(Path(graph))):
        return "is the graph's manifest's name"
    return "is a file" if Path(folder).exists() and not Path(folder).is_dir() else ""


def _inside(root: Path, relative: str) -> bool:
    """Whether ``relative`` (an option's path, against ``root``) lies inside ``root`` once ``..`` and
    links are resolved: a committed link to a folder outside leads outside as surely as ``../``."""
    base = root.resolve()
    return (base / relative).resolve().is_relative_to(base)


def _an_input(root: Path, config_file: Path, config: Config) -> str | None:
    """What input of the build the existing file ``graph:`` names is (None: none)."""
    return replace(config, root=root, config_file=config_file).input_at(root / config.graph, graph=False)
