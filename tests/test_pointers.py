"""The pointers in kgsync's comments and docstrings resolve: cited repository paths, quoted doc
headings and double-backticked dotted names (CONTRIBUTING.md, "Docs and figures").

The source is only read: comments with ``tokenize`` (consecutive comment lines are one block, so
a cite wrapped over two lines is read whole), docstrings (module, class, function) with ``ast``,
and the names a dotted name may point to with ``ast`` over kgsync/ too.  Nothing is imported.

What counts as a pointer, and how it resolves:

- **A path**: a word starting ``docs/``, ``bench/``, ``tests/``, ``templates/``, ``site/``,
  ``examples/``, ``requirements/``, ``data/``, ``kgsync/`` or ``.github/`` whose last part has a
  suffix (``docs/EVIDENCE.md``,
  ``bench/labels/dup58_engineer_*.tsv``).  It resolves if it (a glob: one file it matches) exists
  under the repository root or under the citing module's folder (``data/README.md`` in
  kgsync/extract/).  A folder (``docs/``, ``templates/site/``) is not checked: "docs/" is as often
  a site project's folder as the repository's.
- **A heading**: a quoted text right after a doc's name, with a comma or a space between
  (``docs/EVIDENCE.md, "Stance"``, ``README, "What is a concept, decided"``); the doc is a root
  ``*.md`` file or one of docs/ (by path or by its stem in capitals: ``README``, ``CHANGELOG``).
  It resolves if the quote, whitespace collapsed, is a Markdown heading of that file outside
  fenced code, or the start of one before a non-word character (a cite may leave out a
  heading's tail: "Site: engines at 10,000 items" of "Site: engines at 10,000 items (Zensical
  0.0.73 against mkdocs)").  Any other quote after a file name (an item's ``x.md``) is not a cite.
- **A dotted name**: a double-backticked run of identifiers joined by dots, optionally called
  (``idea.names_an_idea``, ``kgsync.read.config.load``, ``Manifest.dumps``,
  ``designations.capitalised_runs(text)``), that is kgsync's: its first part is ``kgsync``, a
  package or module name anywhere under kgsync/, a class of kgsync, or a configuration section.
  A name whose first part the citing module imports from outside kgsync (``markdown.Markdown``
  in a module that imports markdown) or that is a builtin (``str.find``) is not kgsync's.  A name
  whose last part is a file suffix (``kgsync.yml``, ``memory.jsonl``) is a file's, not checked here,
  but for a module's file (``snapshot.py``): a module of that name must be somewhere under kgsync/.
  A package pyproject.toml maps onto another folder (``kgsync._templates``: templates/) is a
  module with no names.
  It resolves when one reading holds:
  - a configuration key of docs/configuration.md (``mining.min_links``, ``pr.labels``);
  - leading parts that end a module's dotted path (``idea``, ``graph.terms``, ``kgsync.graph.terms``:
    a short name may be any module of that name, ``terms`` in graph/ or vocabulary/), then a name
    the module binds at its top level (a def, a class, an assignment, an import: re-exports
    count), then, for a class, a member (a method, a class-level or annotated field, or a
    ``self.x =`` attribute).  Parts after a function or a member's are not followed;
  - a class of kgsync, then a member of it, as above;
  - a variable's: the first part is an argument or an assigned name of the citing module
    (``text`` in ``text.lower``, ``manifest`` in ``manifest.encoded``) and the second a member
    of some kgsync class or a method of a builtin type (``BUILTIN_TYPES``).
  Prose names without backticks, single names (``_participle``), ``--options`` and folders are
  not read.

A measured figure must name the bench that measured it (CONTRIBUTING.md, "Docs and figures"): a
paragraph of a docstring or comment block (blank lines part them) that states one cites a
``bench/*.py`` script that exists.  Quoted and code text is left out first ("16 GB RAM", "3 of 4
claim statements equal", ```… 2–4×```: an item's words, not a measurement).  A measured figure is:

- a duration (``0.3 s``, ``~6 ms``, ``4-7 s``), a size (``~70 MB``, ``95 MiB``), an instruction
  count (``~25 M instructions``), a percentage (``~90%``, ``35-45 %``), a speed ratio (``10x
  faster``, ``2x the time``), a precision or recall (``precision 0.9``) and a count of right
  against labelled or counted ones (``6 of 15``, ``12 of the 53``);
- but not a limit or a rate's unit, the words right before it saying so (``at most 10 minutes``,
  ``the limit is 1 MiB``, ``its default 64 KiB``, ``a page fault per 4 KiB``), nor a value the code
  defines: a figure not marked approximate (``~``, ``about``) that equals a named constant of
  kgsync (an upper-case module-level name bound to a number: ``TOPIC_SHARE = 0.10`` is "10 %",
  ``_BLOCK = 1 << 20`` is "1 MiB").  Version numbers, dates, counts of things (``47,645 nodes``) and
  a ratio that is a goal (``within 3x of``) have no such unit, so are not read.
"""

from __future__ import annotations

import ast
import builtins
import glob
import io
import operator
import re
import tokenize
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
PACKAGE = REPO_ROOT / "kgsync"

PATH = re.compile(r"(?<![\w/.~<>$-])((?:docs|bench|tests|templates|site|examples|requirements|data|kgsync|\.github)"
                  r"/[\w./*-]*[\w*])")
DOC_NAMES = r"(?:docs/)?[\w-]+\.md|[A-Z][A-Z_]+"
HEADING_CITE = re.compile(rf"(?<![\w/.-])({DOC_NAMES}),?\s+[\"“]([^\"”]+)[\"”]")
DOTTED = re.compile(r"``([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(\([^`]*\))?``")
#: A last part that makes a dotted name a file's (``kgsync.yml``, ``snapshot.py``, ``data/x.tsv.gz``).
FILE_SUFFIXES = frozenset({"py", "md", "json", "jsonl", "yml", "yaml", "toml", "html", "css", "js", "txt", "gz",
                           "tsv", "j2", "texts", "lock", "cfg", "ini"})


def texts(source: str) -> Iterator[tuple[int, str]]:
    """(first line, text) of each comment block (consecutive comment lines, ``#`` and ``#:`` cut) and
    each docstring of ``source``."""
    block: list[str] = []
    start = last = 0
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type != tokenize.COMMENT:
            continue
        line = token.start[0]
        if block and line != last + 1:
            yield start, "\n".join(block)
            block = []
        if not block:
            start = line
        block.append(re.sub(r"^#:?\s?", "", token.string))
        last = line
    if block:
        yield start, "\n".join(block)
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = node.body[0] if node.body else None
            if isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant) and isinstance(doc.value.value, str):
                yield doc.value.lineno, doc.value.value


@dataclass(frozen=True)
class Names:
    """What kgsync's source binds, read with ``ast``: module -> top-level names, class -> members."""

    modules: dict[str, set[str]] = field(default_factory=dict)  # "extract.mining" -> {"candidates", ...}
    classes: dict[str, set[str]] = field(default_factory=dict)  # "Manifest" -> members (all classes so named)
    module_classes: dict[str, dict[str, set[str]]] = field(default_factory=dict)  # module -> class -> members
    config_keys: frozenset[str] = frozenset()

    def first_parts(self) -> set[str]:
        """The first parts that make a dotted name kgsync's."""
        parts = {"kgsync"} | set(self.classes) | {key.split(".")[0] for key in self.config_keys if "." in key}
        return parts | {piece for module in self.modules for piece in module.split(".")}

    def resolves(self, name: str) -> bool:
        if name in self.config_keys:
            return True
        parts = name.split(".")
        if parts[0] == "kgsync":
            return self._in_module(parts[1:], exact=True)
        return self._in_module(parts, exact=False) or (
            parts[0] in self.classes and parts[1] in self.classes[parts[0]])

    def _in_module(self, parts: list[str], *, exact: bool) -> bool:
        for cut in range(1, len(parts) + 1):
            head, rest = parts[:cut], parts[cut:]
            for module, bound in self.modules.items():
                pieces = module.split(".")
                if (pieces != head) if exact else (pieces[-len(head):] != head or len(pieces) < len(head)):
                    continue
                if not rest:
                    return True
                if rest[0] not in bound:
                    continue
                members = self.module_classes[module].get(rest[0])
                if len(rest) == 1 or members is None or rest[1] in members:
                    return True
        return False


def _class_members(node: ast.ClassDef) -> set[str]:
    members: set[str] = set()
    for item in node.body:
        members |= _bound(item)
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for sub in ast.walk(item):
                if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store) and isinstance(sub.value, ast.Name) \
                        and sub.value.id == "self":
                    members.add(sub.attr)
    return members


def _bound(node: ast.stmt) -> set[str]:
    """The names a statement binds where it stands (an ``if``'s or a ``try``'s branches included)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {node.name}
    if isinstance(node, ast.Assign):
        return {n.id for target in node.targets for n in ast.walk(target) if isinstance(n, ast.Name)}
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return {node.target.id}
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return {(alias.asname or alias.name).split(".")[0] for alias in node.names}
    if isinstance(node, (ast.If, ast.Try)):
        branches = [*node.body, *node.orelse, *getattr(node, "finalbody", [])]
        branches += [stmt for handler in getattr(node, "handlers", []) for stmt in handler.body]
        return {name for stmt in branches for name in _bound(stmt)}
    return set()


def module_name(path: Path, package: Path) -> str:
    """kgsync/extract/mining.py -> "extract.mining"; kgsync/publish/site/__init__.py -> "publish.site"."""
    parts = path.relative_to(package).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def read_names(package: Path, configuration_md: Path, pyproject: Path) -> Names:
    names = Names(config_keys=frozenset(re.findall(r"^\| `([\w.]+)` \|", configuration_md.read_text(encoding="utf-8"),
                                                   flags=re.M)))
    mapped = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("tool", {}).get("setuptools", {})
    for mapped_package in mapped.get("package-dir", {}):  # kgsync._templates: templates/, no Python
        names.modules[mapped_package.removeprefix("kgsync.")] = set()
        names.module_classes[mapped_package.removeprefix("kgsync.")] = {}
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = module_name(path, package)
        names.modules[module] = {name for stmt in tree.body for name in _bound(stmt)}
        names.module_classes[module] = {}
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                members = _class_members(node)
                names.module_classes[module][node.name] = members
                names.classes.setdefault(node.name, set()).update(members)
    return names


@cache
def kgsync_names() -> Names:
    return read_names(PACKAGE, REPO_ROOT / "docs" / "configuration.md", REPO_ROOT / "pyproject.toml")


def headings(doc: Path) -> list[str]:
    """The Markdown headings of ``doc`` outside fenced code, whitespace collapsed."""
    text = re.sub(r"^```.*?^```", "", doc.read_text(encoding="utf-8"), flags=re.M | re.S)
    return [" ".join(h.split()) for h in re.findall(r"^#+ (.+?)#*$", text, flags=re.M)]


def _doc_file(name: str, root: Path) -> Path | None:
    """The repository doc ``name`` cites ("docs/EVIDENCE.md", "README.md", "README"), if it is one."""
    candidates = [name] if name.endswith(".md") else [f"{name}.md", f"docs/{name}.md"]
    for candidate in candidates:
        path = root / candidate
        if path.is_file() and (path.parent == root or path.parent == root / "docs"):
            return path
    return None


def _imported_from_outside(tree: ast.Module) -> set[str]:
    """Names the module binds by importing from outside kgsync (``import markdown``, ``from x import y``)."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {(a.asname or a.name).split(".")[0] for a in node.names if not a.name.startswith("kgsync")}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and not (node.module or "").startswith("kgsync"):
            out |= {a.asname or a.name for a in node.names}
    return out


def _locals(tree: ast.Module) -> set[str]:
    """The module's arguments and assigned names (``text`` of ``text.lower``, ``manifest`` of ``manifest.encoded``)."""
    return {node.arg for node in ast.walk(tree) if isinstance(node, ast.arg)} | {
        node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)}


#: The types whose methods a local's dotted name may call (``text.lower``, ``data.split``).
BUILTIN_TYPES = (str, bytes, list, dict, set, frozenset, tuple, int, float)


def _a_locals(member: str, names: Names) -> bool:
    """Is ``member`` what a variable may hold: a member of some kgsync class or a method of a builtin type?"""
    return any(member in members for members in names.classes.values()) or any(
        hasattr(kind, member) for kind in BUILTIN_TYPES)


def broken(path: Path, root: Path = REPO_ROOT, names: Names | None = None, source: str | None = None) -> list[str]:
    """One line per pointer of ``path``'s comments and docstrings that does not resolve: where, what, the fix."""
    names = names or kgsync_names()
    source = path.read_text(encoding="utf-8") if source is None else source
    where = path.relative_to(root)
    tree = ast.parse(source)
    outside = (_imported_from_outside(tree) | set(dir(builtins))) - {"kgsync"}
    local = _locals(tree)
    first_parts = names.first_parts()
    out: list[str] = []
    for start, text in texts(source):
        def line(offset: int, text: str = text, start: int = start) -> int:
            return start + text.count("\n", 0, offset)

        for match in PATH.finditer(text):
            cited = match.group(1).rstrip(".")
            if "." not in cited.rsplit("/", 1)[-1]:
                continue
            if not any(glob.glob(cited, root_dir=base) for base in (root, path.parent)):
                out.append(f"{where}:{line(match.start())}: the path {cited} is not in the repository (nor beside "
                           f"{where.name}). Fix: cite where it is now (git log --follow -- '{cited}'), or drop the cite")
        for match in HEADING_CITE.finditer(text):
            doc = _doc_file(match.group(1), root)
            quote = " ".join(match.group(2).split())
            if doc is None:
                continue
            if not any(h == quote or (h.startswith(quote) and not h[len(quote)].isalnum()) for h in headings(doc)):
                out.append(f"{where}:{line(match.start())}: {doc.relative_to(root)} has no heading \"{quote}\". "
                           f"Fix: quote the heading as it is now (grep -n '^#' {doc.relative_to(root)})")
        for match in DOTTED.finditer(text):
            dotted = match.group(1)
            parts = dotted.split(".")
            if parts[-1] == "py" and len(parts) == 2 and not match.group(2):
                if not any(module.split(".")[-1] == parts[0] for module in names.modules):
                    out.append(f"{where}:{line(match.start())}: ``{dotted}`` is no module of kgsync. Fix: name the "
                               "module the code is in now (``package.module``), or give the file's path from the root")
                continue
            if parts[-1] in FILE_SUFFIXES or parts[0] in outside or parts[0] not in first_parts:
                continue
            if not names.resolves(dotted) and not (parts[0] in local and _a_locals(parts[1], names)):
                out.append(f"{where}:{line(match.start())}: ``{dotted}`` names no module, class, function or "
                           "configuration key of kgsync. Fix: write the name it has now (module.name, "
                           "Class.member or kgsync.package.module.name), or drop the backticks if it is not kgsync's")
    return sorted(out, key=lambda message: int(message.split(":")[1]))  # stable: a line's kinds in check order


_NUMBER = r"\d[\d,]*(?:\.\d+)?"
#: Units of a measured figure, each with its factor to the value a named constant of the code may hold.
SIZE_UNITS = {"B": 1, "kB": 10**3, "KB": 10**3, "MB": 10**6, "GB": 10**9, "KiB": 2**10, "MiB": 2**20, "GiB": 2**30}
FIGURE = re.compile(
    rf"(?P<approx>~\s?|≈\s?|\babout\s+)?(?<![\w.+%/-])(?P<value>{_NUMBER})(?P<range>\s?[-–]\s?{_NUMBER})?"
    r"(?:\s?(?P<size>[kKMG]i?B|B)\b|\s?(?P<percent>%)|\s(?P<duration>[nµm]?s|seconds?|minutes?)\b(?!-)"
    r"|\s?[x×]\s+(?:faster|slower|the time|as )|\s(?:[kMG]\s)?instructions\b)"
    r"|\b(?:precision|recall|R@\d+|MRR)\s+(?:of\s+)?\d?\.\d+"
    rf"|(?<![\w.,])\d[\d,]*\s+of\s+(?:the\s+)?\d[\d,]*\b(?![.,]\d)")
#: The words before a figure that make it a limit or a rate's unit, not a measurement.
LIMIT = re.compile(r"(?:\bat most|\bat least|\bup to|\bmax(?:imum)?|\blimit(?: is| of)?|\bdefault|\bper|\bevery)\s*$",
                   re.I)
QUOTED = re.compile(r"``[^`]*``|`[^`]*`|\"[^\"]*\"|“[^”]*”")
BENCH = re.compile(r"(?<![\w/.-])bench/[\w./-]*\.py\b")


def _number(node: ast.expr) -> float | None:
    """The value of a constant expression of numbers (``0.10``, ``1 << 20``, ``64 * 1024``), else None."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return float(node.value)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.LShift, ast.Mult, ast.Pow, ast.Add, ast.Sub)):
        left, right = _number(node.left), _number(node.right)
        if left is None or right is None:
            return None
        operation = {ast.LShift: lambda a, b: float(int(a) << int(b)), ast.Mult: operator.mul, ast.Pow: operator.pow,
                     ast.Add: operator.add, ast.Sub: operator.sub}[type(node.op)]
        try:
            return float(operation(left, right))
        except OverflowError:  # a bound written as 10 ** 400 is no figure a comment states
            return None
    return None


def read_constants(package: Path) -> frozenset[float]:
    """The values of kgsync's named constants: upper-case names a module binds to a number at its top level."""
    values: set[float] = set()
    for path in package.rglob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else getattr(
                node, "target", None) if isinstance(node, ast.AnnAssign) else None
            if isinstance(target, ast.Name) and re.fullmatch(r"_?[A-Z][A-Z0-9_]*", target.id) and node.value:
                value = _number(node.value)
                if value is not None:
                    values.add(value)
    return frozenset(values)


@cache
def kgsync_constants() -> frozenset[float]:
    return read_constants(PACKAGE)


def _the_codes(match: re.Match[str], constants: frozenset[float]) -> bool:
    """Is the figure a value the code defines: exact (no ``~``, no range) and equal to a named constant?"""
    if match.group("approx") or match.group("range"):
        return False
    value = float(match.group("value").replace(",", "")) if match.group("value") else 0.0
    if match.group("percent"):
        value /= 100
    elif match.group("size"):
        value *= SIZE_UNITS[match.group("size")]
    else:  # a duration, a ratio, a count: too often a small number some unrelated constant holds
        return False
    return any(abs(value - constant) <= 1e-9 * max(1.0, abs(constant)) for constant in constants)


def measured_figures(text: str, constants: frozenset[float]) -> list[tuple[int, str]]:
    """(offset, figure) of each measured figure of ``text`` (the test module's docstring says which)."""
    plain = QUOTED.sub(lambda quoted: re.sub(r"\S", " ", quoted.group()), text)  # offsets kept
    return [(match.start(), " ".join(match.group().split())) for match in FIGURE.finditer(plain)
            if not LIMIT.search(plain[:match.start()]) and not _the_codes(match, constants)]


def unmeasured(path: Path, root: Path = REPO_ROOT, constants: frozenset[float] | None = None,
               source: str | None = None) -> list[str]:
    """One line per paragraph of ``path``'s comments and docstrings that states a measured figure
    and names no bench script of ``root``'s bench/ (one that exists)."""
    constants = kgsync_constants() if constants is None else constants
    source = path.read_text(encoding="utf-8") if source is None else source
    where = path.relative_to(root)
    out: list[str] = []
    for start, text in texts(source):
        offset = 0
        for paragraph in re.split(r"(\n\s*\n)", text):
            figures = measured_figures(paragraph, constants) if not paragraph.isspace() else []
            if figures and not any((root / cite).is_file() for cite in BENCH.findall(paragraph)):
                line = start + text.count("\n", 0, offset + figures[0][0])
                shown = ", ".join(figure for _, figure in figures)
                out.append(f"{where}:{line}: a measured figure ({shown}) names no bench/ script that measured it. "
                           f"Fix: name the script and its arguments (git log -S'{figures[0][1]}' -- kgsync/, then "
                           "the CHANGELOG entry of that commit's round), or say the reason without the figure")
            offset += len(paragraph)
    return sorted(out, key=lambda message: int(message.split(":")[1]))


def test_the_pointers_of_the_comments_and_docstrings_resolve() -> None:
    found = [problem for path in sorted(PACKAGE.rglob("*.py")) for problem in broken(path)]
    assert found == [], "\n" + "\n".join(found)


def test_the_pointer_check_sees_a_broken_path_heading_and_name(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "EVIDENCE.md").write_text("# Evidence\n\n## Stance\n\n```\n# Not a heading\n```\n")
    (tmp_path / "docs" / "configuration.md").write_text("| `mining.min_links` | `2` | int | x |\n")
    (tmp_path / "pyproject.toml").write_text('[tool.setuptools.package-dir]\n"kgsync._templates" = "templates"\n')
    (tmp_path / "kgsync" / "extract").mkdir(parents=True)
    (tmp_path / "kgsync" / "extract" / "idea.py").write_text(
        "def names_an_idea(text):\n    return text\n\n\nclass Mention:\n    def but(self):\n        self.own = 1\n")
    module = tmp_path / "kgsync" / "extract" / "mining.py"
    module.write_text(
        '"""Reads docs/EVIDENCE.md, "Stance" and docs/EVIDENCE.md "Not a heading"; see docs/GONE.md.\n\n'
        "``idea.names_an_idea``, ``kgsync.extract.idea.Mention.own``, ``Mention.but``, ``mining.min_links``,\n"
        "``kgsync._templates``, ``markdown.Markdown``, ``str.find``, ``text.lower``, ``kgsync.yml``, ``idea.py``;\n"
        '``mining._participle``, ``Mention.replace`` and ``site.py`` moved."""\n\n'
        "import markdown\n\n\n"
        "def f(text):\n    # the cite of a heading may wrap: docs/EVIDENCE.md,\n"
        '    # "Which claims\n    # are linked" (bench/bench_gone.py)\n    return text\n')
    names = read_names(tmp_path / "kgsync", tmp_path / "docs" / "configuration.md", tmp_path / "pyproject.toml")
    found = broken(module, root=tmp_path, names=names)
    assert [message.split(" Fix: ")[0] for message in found] == [
        "kgsync/extract/mining.py:1: the path docs/GONE.md is not in the repository (nor beside mining.py).",
        'kgsync/extract/mining.py:1: docs/EVIDENCE.md has no heading "Not a heading".',
        "kgsync/extract/mining.py:5: ``mining._participle`` names no module, class, function or configuration key "
        "of kgsync.",
        "kgsync/extract/mining.py:5: ``Mention.replace`` names no module, class, function or configuration key "
        "of kgsync.",
        "kgsync/extract/mining.py:5: ``site.py`` is no module of kgsync.",
        'kgsync/extract/mining.py:11: docs/EVIDENCE.md has no heading "Which claims are linked".',
        "kgsync/extract/mining.py:13: the path bench/bench_gone.py is not in the repository (nor beside mining.py).",
    ]
    assert all(" Fix: " in message for message in found)



def test_every_measured_figure_of_the_comments_and_docstrings_names_its_bench() -> None:
    found = [problem for path in sorted(PACKAGE.rglob("*.py")) for problem in unmeasured(path)]
    assert found == [], "\n" + "\n".join(found)


def test_the_figure_check_sees_a_figure_with_no_bench_and_leaves_the_codes_own(tmp_path: Path) -> None:
    (tmp_path / "bench").mkdir()
    (tmp_path / "bench" / "bench_build.py").write_text("")
    (tmp_path / "kgsync").mkdir()
    (tmp_path / "kgsync" / "topics.py").write_text("TOPIC_SHARE = 0.10\n_BLOCK = 1 << 20\nHUGE = 10 ** 400\n")
    module = tmp_path / "kgsync" / "spread.py"
    module.write_text(
        '"""Measured: ~0.3 s at 10,000 items (bench/bench_build.py --count 10000 --skip-real).\n\n'
        "The read costs 0.06-0.13 s CPU.\n\n"
        "Claimed 35-45 % of the items.\n\n"
        "Named by 10 % of the items, in blocks of 1 MiB; at most 10 minutes, a default 64 KiB, a fault per 4 KiB.\n\n"
        'Quoted: "16 GB RAM", "3 of 4 claim statements", ``2x the time``; version 0.0.73 of 2026-05-01,\n'
        "47,645 nodes, within 3x of a plain read, U+009B, 403s, SHA-1s.\n\n"
        'Its ~10 % of the read stage, measured by bench/bench_gone.py."""\n\n\n'
        "def f():\n    # 10x faster than the regex; 6 of 15 right, precision 0.62\n    # (bench/bench_build.py)\n"
        "    x = 1\n    return x  # 2x the time, ~25 M instructions, ~70 MB\n")
    found = unmeasured(module, root=tmp_path, constants=read_constants(tmp_path / "kgsync"))
    assert [message.split(" names no")[0] for message in found] == [
        "kgsync/spread.py:3: a measured figure (0.06-0.13 s)",
        "kgsync/spread.py:5: a measured figure (35-45 %)",
        "kgsync/spread.py:12: a measured figure (~10 %)",
        "kgsync/spread.py:19: a measured figure (2x the time, ~25 M instructions, ~70 MB)",
    ]
    assert all(" Fix: " in message for message in found)
