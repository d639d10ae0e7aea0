"""The research repo's theme vocabulary: alias -> canonical theme slug.

The reference repo keeps it as Markdown ending in a fenced YAML block
(``canonical: [alias, ...]``); a plain YAML file of the same shape works too.
Themes are canonicalised through it so that ``tag:`` observations never drift.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path


from kgsync.yaml_source import read_yaml
from kgsync.errors import ConfigError, Location

_YAML_BLOCK = re.compile(r"^```ya?ml[ \t]*\n(.*?)^```", re.M | re.S)


@dataclass(frozen=True)
class ThemeMap:
    canonical: frozenset[str] = frozenset()
    alias_to_canonical: dict[str, str] = field(default_factory=dict)
    # theme as written -> canonical slug: a 10,000-item build asks ~60,000 times for a few
    # hundred distinct spellings, and the regex behind ``_key`` is most of a build's theme cost.
    _seen: dict[str, str] = field(default_factory=dict, init=False, repr=False, compare=False, hash=False)

    def canonicalise(self, theme: str) -> str:
        found = self._seen.get(theme)
        if found is None:
            key = _key(theme)
            found = self._seen[theme] = key if key in self.canonical else self.alias_to_canonical.get(key, key)
        return found


def _key(theme: str) -> str:
    return re.sub(r"[\s_]+", "-", theme.strip().lower())


def load_theme_map(path: Path | None) -> ThemeMap:
    if path is None or not str(path) or path == Path():
        return ThemeMap()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ConfigError("themes_vocabulary file not found", Location.of(path),
                          "fix 'themes_vocabulary:' in kgsync.yml") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError("not UTF-8", Location.of(path, raw[: exc.start].count(b"\n") + 1),
                          "save the file as UTF-8") from None
    blocks = _YAML_BLOCK.findall(text) if path.suffix.lower() in (".md", ".markdown") else [text]
    if not blocks:
        raise ConfigError("no ```yaml block with the alias map", Location.of(path),
                          "end the file with a fenced YAML block: canonical: [alias, ...]")
    block = blocks[-1]
    offset = text[: text.rfind(block)].count("\n") if block in text else 0
    data = read_yaml(path, block, offset)[0] or {}
    if not isinstance(data, dict):
        raise ConfigError("theme alias map must map canonical slugs to lists of aliases", Location.of(path))
    canonical = frozenset(_key(str(k)) for k in data)
    aliases: dict[str, str] = {}
    for slug, values in sorted(data.items(), key=lambda kv: str(kv[0])):
        for alias in values or []:
            aliases.setdefault(_key(str(alias)), _key(str(slug)))
    return ThemeMap(canonical, aliases)
