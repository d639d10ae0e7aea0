"""The import rules of docs/ARCHITECTURE.md, enforced.

Every module's imports are read with ``ast`` by tests/import_reader.py (top-level
and inside functions, plus ``importlib.import_module("...")`` with a literal name), so
a rule breaks the moment someone writes the import, not when a code path happens to run.
A second set of checks imports modules in a clean interpreter and looks at
``sys.modules``, which also catches what third-party packages drag in.  And no module takes
another's private name (``_text``): a name another module reads is its module's interface.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from tests.import_reader import imports as read_imports
from tests.import_reader import module_name

REPO_ROOT = Path(__file__).resolve().parent.parent
PACKAGE = REPO_ROOT / "kgsync"

#: Never imported by the core: no network, no GitHub, no templating, no CLI.
CORE_FORBIDDEN = (
    "jinja2", "github", "click", "requests", "urllib", "http", "socket", "networkx", "mcp",
    "kgsync.diff", "kgsync.publish", "kgsync.serve", "kgsync.cli",
)
#: The only third-party packages the core may use (ARCHITECTURE.md's table).
CORE_THIRD_PARTY = frozenset({"yaml", "frontmatter", "rapidfuzz", "msgspec", "regex", "disarm"})
PUBLISH_FORBIDDEN = ("kgsync.cli", "click")

#: The stage packages in pipeline order: a package imports only itself and those before it
#: (docs/ARCHITECTURE.md draws the tree).  The core is everything up to ``pipeline``.
STAGES = ("contract", "read", "extract", "vocabulary", "graph", "lint", "diff", "pipeline", "publish", "serve", "cli")
CORE_STAGES = ("contract", "read", "extract", "vocabulary", "graph", "lint", "pipeline")
CLI_ONLY = ("click",)


def modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "_templates" not in p.parts)


def stage_of(path: Path) -> str:
    """The stage package a module belongs to ("" for kgsync/__init__.py and __main__.py)."""
    parts = path.relative_to(PACKAGE).parts
    return parts[0] if len(parts) > 1 else ""


def core_modules() -> list[Path]:
    """The modules of the core stages (no network, no GitHub, no templating, no CLI)."""
    return [p for p in modules() if stage_of(p) in CORE_STAGES]


def publish_modules() -> list[Path]:
    return [p for p in modules() if stage_of(p) == "publish"]


def path_of(dotted: str) -> Path:
    """``extract.mining`` -> kgsync/extract/mining.py."""
    return PACKAGE / (dotted.replace(".", "/") + ".py")


def serve_modules() -> list[Path]:
    return [p for p in modules() if stage_of(p) == "serve"]


def imports(path: Path, text: str | None = None) -> list[tuple[int, str]]:
    """(line, absolute module name) for every import in ``path`` (or in ``text``, as if at ``path``)."""
    return read_imports(path, text, submodule=kgsync_submodule)


def kgsync_submodule(base: str, name: str) -> bool:
    """`from kgsync.extract import lexicon` imports the submodule kgsync.extract.lexicon."""
    return base == "kgsync" or (matches(base, "kgsync") and path_of(f"{base}.{name}"[7:]).is_file())


def matches(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def violations(paths: list[Path], forbidden: tuple[str, ...]) -> list[str]:
    out = []
    for path in paths:
        for line, name in imports(path):
            for prefix in forbidden:
                if matches(name, prefix):
                    out.append(f"{path.relative_to(REPO_ROOT)}:{line}: imports {name}")
    return out


def test_the_package_layout_is_what_the_rules_assume() -> None:
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()} - {"_templates"}
    assert packages == set(STAGES), f"a stage package is missing or not in STAGES: {sorted(packages ^ set(STAGES))}"
    assert {p.name for p in PACKAGE.glob("*.py")} == {"__init__.py", "__main__.py"}, "every module lives in a stage package"
    for name in ("contract/errors.py", "contract/model.py", "contract/jsonl.py", "read/config.py", "cli/main.py"):
        assert (PACKAGE / name).is_file(), name


#: The house limit of a module's length (CONTRIBUTING.md: modules stay under ~500 lines).
MAX_LINES = 500


def long_modules(paths: list[Path]) -> list[str]:
    """One line per module of ``paths`` longer than ``MAX_LINES``: which, how long, and the fix."""
    return [f"{p.relative_to(REPO_ROOT)}: {n} lines, over {MAX_LINES}. Fix: move a part that stands on its own "
            "(a model, a reader, one concern) into a module of its own in the same package, verbatim, and its "
            "tests into tests/<package>/test_<module>.py"
            for p in paths if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES]


def test_no_module_is_longer_than_the_house_limit() -> None:
    long = long_modules(modules())
    assert not long, "\n".join(long)


def test_each_stage_imports_only_itself_and_the_stages_before_it() -> None:
    bad = []
    for path in modules():
        stage = stage_of(path)
        if not stage:
            continue
        allowed = STAGES[: STAGES.index(stage) + 1]
        for line, name in imports(path):
            parts = name.split(".")
            if parts[0] == "kgsync" and len(parts) > 1 and parts[1] in STAGES and parts[1] not in allowed:
                bad.append(f"{path.relative_to(REPO_ROOT)}:{line}: the {stage} stage imports {name}, a later stage")
    assert bad == []


def module_file(dotted: str) -> Path | None:
    """The file of the kgsync module ``dotted`` ("kgsync.read.config"), a package's ``__init__.py``
    for a package, None for a name outside kgsync or no module (a name inside one)."""
    if not matches(dotted, "kgsync") or dotted == "kgsync":
        return None
    base = PACKAGE.joinpath(*dotted.split(".")[1:])
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def import_arrows(paths: list[Path]) -> dict[Path, list[Path]]:
    """Each module of ``paths`` -> the kgsync modules it imports, the imports inside functions included."""
    return {path: sorted({f for _, name in imports(path) if (f := module_file(name)) and f != path}) for path in paths}


def import_circles(arrows: Mapping[Path, Sequence[Path]]) -> list[list[Path]]:
    """The sets of modules that import one another in a loop: the strongly connected components
    (Tarjan) of ``arrows`` with more than one module, each sorted."""
    order: dict[Path, int] = {}
    low: dict[Path, int] = {}
    stack: list[Path] = []
    circles: list[list[Path]] = []

    def visit(path: Path) -> None:  # recursive: import chains are far shorter than the recursion limit
        order[path] = low[path] = len(order)
        stack.append(path)
        for target in arrows.get(path, ()):
            if target not in order:
                visit(target)
                low[path] = min(low[path], low[target])
            elif target in stack:
                low[path] = min(low[path], order[target])
        if low[path] == order[path]:
            component: list[Path] = []
            while not component or component[-1] != path:
                component.append(stack.pop())
            if len(component) > 1:
                circles.append(sorted(component))

    for path in sorted(arrows):
        if path not in order:
            visit(path)
    return sorted(circles)


def test_no_import_circle() -> None:
    # An import inside a function counts: it hides a circle from Python's loader, not from the reader
    # (kgsync/read/config.py imported veto_file.py inside Config.input_at, and veto_file.py imported config).
    arrows = import_arrows(modules())
    found = []
    for circle in import_circles(arrows):
        ties = [f"{a.relative_to(REPO_ROOT)}:{line} imports {name}" for a in circle for line, name in imports(a)
                if module_file(name) in circle and module_file(name) != a]
        found.append(" <-> ".join(str(p.relative_to(REPO_ROOT)) for p in circle) + ": " + "; ".join(ties)
                     + ". Fix: move what both need into a module below both, or let the caller hand it in")
    assert not found, "\n".join(found)


def test_the_circle_finder_sees_a_circle_through_a_function_level_import() -> None:
    config, veto, items = (PACKAGE / "read" / f"{name}.py" for name in ("config", "veto_file", "items"))
    inside_a_function = imports(config, "def f():\n    from kgsync.read.veto_file import veto_path\n")
    assert veto in [module_file(name) for _, name in inside_a_function]
    assert import_circles({config: [veto], veto: [config], items: [config]}) == [[config, veto]]
    assert import_circles({config: [], veto: [config], items: [config, veto]}) == []


def test_the_import_parser_sees_every_kind_of_import() -> None:
    source = (
        "import a.b, c\nfrom d import e\nfrom . import templating\nfrom ..commands import lint\n"
        "from kgsync import cli\ndef f():\n    import click\n    importlib.import_module('jinja2')\n"
    )
    names = {name for _, name in imports(PACKAGE / "publish" / "x.py", source)}
    assert names == {
        "a.b", "c", "d", "kgsync.publish", "kgsync.publish.templating", "kgsync.commands",
        "kgsync", "kgsync.cli", "click", "jinja2",
    }


def private_name(name: str) -> bool:
    """``_text``, ``_Group``: one leading underscore, the name its module keeps to itself (not ``__all__``)."""
    return name.startswith("_") and not name.startswith("__")


def private_names_taken(path: Path, text: str | None = None) -> list[str]:
    """One line per private name (``private_name``) that ``path`` (or ``text``, as if at ``path``) takes from
    another kgsync module: ``from kgsync.x import _name`` (relative too), and ``m._name`` where ``m`` is a
    kgsync module it imported (``import kgsync.x as m``, ``from kgsync.pkg import m``, ``import kgsync.x``).
    A module imported by its name is no name inside another module: ``from kgsync.cli import _errors`` passes."""
    tree = ast.parse(path.read_text(encoding="utf-8") if text is None else text, str(path))
    own = module_name(path)
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
    bound: dict[str, str] = {}  # local name -> the kgsync module it is
    taken: list[tuple[int, str, str]] = []  # (line, name, module)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if matches(alias.name, "kgsync"):
                    bound[alias.asname or "kgsync"] = alias.name if alias.asname else "kgsync"
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                base = ".".join(anchor[: len(anchor) - (node.level - 1)] + ([base] if base else []))
            if not matches(base, "kgsync"):
                continue
            for alias in node.names:
                if module_file(f"{base}.{alias.name}") is not None:
                    bound[alias.asname or alias.name] = f"{base}.{alias.name}"
                elif private_name(alias.name) and base != own:
                    taken.append((node.lineno, alias.name, base))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private_name(node.attr):
            dotted, value = [], node.value
            while isinstance(value, ast.Attribute):
                dotted.insert(0, value.attr)
                value = value.value
            if isinstance(value, ast.Name) and value.id in bound:
                module = ".".join([bound[value.id], *dotted])
                if module_file(module) is not None and module != own:
                    taken.append((node.lineno, node.attr, module))
    return [f"{path.relative_to(REPO_ROOT)}:{line}: takes {name} from {module}, which its underscore keeps private. "
            f"Fix: a name another module reads is its module's interface: drop the underscore there (a name that says "
            f"what it is where the bare word is vague), or move the helper into the one module that uses it"
            for line, name, module in sorted(set(taken))]


def test_no_module_takes_another_module_s_private_name() -> None:
    taken = [line for path in modules() for line in private_names_taken(path)]
    assert not taken, "\n".join(taken)


def test_the_private_name_finder_sees_each_way_of_taking_a_name() -> None:
    source = (
        "import kgsync.read.yaml_source\nimport kgsync.extract.topics as topics\nfrom kgsync.extract import acronyms\n"
        "from kgsync.read.item_checks import _text, field_text, __doc__\nfrom .item_files import _DATED_SLUG\n"
        "from kgsync.cli import _errors\nfrom kgsync.read.items import _own\n"
        "def f():\n    from kgsync.vocabulary.groups import _Group\n"
        "    return acronyms._URL, topics._tokens, kgsync.read.yaml_source._x, _errors.reported, acronyms.pairs, f._y\n"
    )
    found = [line.split(": takes ")[1].split(",")[0] for line in private_names_taken(PACKAGE / "read" / "items.py", source)]
    assert found == ["_text from kgsync.read.item_checks", "_DATED_SLUG from kgsync.read.item_files",
                     "_Group from kgsync.vocabulary.groups", "_URL from kgsync.extract.acronyms",
                     "_tokens from kgsync.extract.topics", "_x from kgsync.read.yaml_source"]


def test_core_never_imports_network_templating_github_or_cli() -> None:
    assert violations(core_modules(), CORE_FORBIDDEN) == []


def test_core_uses_only_the_allowed_third_party_packages() -> None:
    bad = []
    for path in core_modules():
        for line, name in imports(path):
            top = name.split(".")[0]
            if top and top != "kgsync" and top not in sys.stdlib_module_names and top not in CORE_THIRD_PARTY:
                bad.append(f"{path.relative_to(REPO_ROOT)}:{line}: imports {name} (allowed: {sorted(CORE_THIRD_PARTY)})")
    assert bad == []


def _kgsync_closure(roots: list[str]) -> set[str]:
    """The modules ``roots`` import, directly or not (dotted names below kgsync, like "read.items")."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for _, imported in imports(path_of(name)):
            parts = imported.split(".")
            if parts[0] == "kgsync" and len(parts) > 2 and path_of(".".join(parts[1:])).is_file():
                todo.append(".".join(parts[1:]))
    return seen


def test_each_cache_is_keyed_by_the_code_of_the_stage_that_produces_it() -> None:
    # One fingerprint scheme (kgsync.pipeline.cache.fingerprint): a result of stage S is keyed by the
    # source of S and of every stage before it.  Sound only if what produces it imports nothing
    # later, which the stage order gives; here: each cache names the stage of its producer.
    from kgsync.pipeline.cache import fingerprint

    producers = {"records": ("extract", ["extract.record"]), "evidence_texts": ("extract", ["extract.evidence"]),
                 "selection": ("vocabulary", ["vocabulary.vocab", "vocabulary.economy", "vocabulary.unchanged"]),
                 "facts": ("graph", ["graph.assemble", "graph.claims", "graph.merge"])}
    for cache_module, (stage, roots) in producers.items():
        source = path_of(f"pipeline.cache.{cache_module}").read_text(encoding="utf-8")
        assert re.findall(r"code_fingerprint\(\"(\w+)\"\)", source) == [stage], cache_module
        allowed = fingerprint.STAGES[: fingerprint.STAGES.index(stage) + 1]
        outside = {name for name in _kgsync_closure(roots) if name.split(".")[0] not in allowed}
        assert not outside, f"{cache_module}'s results depend on code its fingerprint leaves out: {outside}"
    # The memo around the graph stage (pipeline.cache.memo) keys facts by its own source too.
    assert "with_memo_source(" in path_of("pipeline.cache.facts").read_text(encoding="utf-8")
    source = PACKAGE.joinpath("pipeline").rglob("*.py")
    assert not [p for p in source if "_CACHED_MODULES" in p.read_text(encoding="utf-8")]  # no hand-kept list


#: The modules of kgsync/pipeline that run the stages and wrap them in the cache (the orchestration).
ORCHESTRATION = frozenset({"pipeline.stages", "pipeline.merge_paths", "pipeline.assembling", "pipeline.committed"})


def test_no_stage_imports_the_cache() -> None:
    # The cache is a memo layer the build wraps around the stages: no stage reads it (a stage's
    # result may not depend on what a cache holds), nothing outside kgsync/pipeline imports it, and
    # the cache never reaches back into the orchestration.
    cache_modules = {module_name(p).removeprefix("kgsync.") for p in (PACKAGE / "pipeline" / "cache").rglob("*.py")}
    for path in modules():
        name = module_name(path).removeprefix("kgsync.")
        if name in cache_modules:
            continue
        for line, imported in imports(path):
            if matches(imported, "kgsync.pipeline.cache"):
                assert name in ORCHESTRATION, f"{path.relative_to(REPO_ROOT)}:{line}: imports {imported}"
    for name in cache_modules:
        for _, imported in imports(path_of(name) if path_of(name).is_file() else PACKAGE / "pipeline/cache/__init__.py"):
            for orchestration in ORCHESTRATION:
                assert not matches(imported, f"kgsync.{orchestration}"), f"kgsync.{name} imports {imported}"


def test_mining_is_per_item_and_never_reads_the_corpus_selection() -> None:
    assert not any(name.startswith("vocabulary.") for name in _kgsync_closure(["extract.mining"])), \
        "kgsync.extract.mining must not import the vocabulary stage (it is cached per file)"


def test_evidence_reads_items_only_never_the_vocabulary_or_the_assembly() -> None:
    # Evidence links depend on the items' own words (canonical means stable): the module may
    # not reach corpus-level selection (vocab, economy) or the assembly it feeds.
    evidence = ["extract.evidence", "extract.evidence_model", "extract.evidence_hints", "extract.evidence_source",
                "extract.evidence_anchor", "extract.evidence_stance", "extract.references", "extract.reference_spans", "extract.mentions",
                "extract.stance", "extract.described_stance", "extract.sentences", "extract.markers", "extract.tables", "extract.restated",
                "extract.descriptions", "extract.evidence_feeds", "extract.evidence_ends", "extract.evidence_blocks",
                "extract.evidence_kinds", "extract.evidence_reports", "extract.item_cut"]
    allowed = {"kgsync.read.items", "kgsync.contract.model", "kgsync.contract.errors",
               *(f"kgsync.{name}" for name in evidence)}
    for module in evidence:
        imported = {name for _, name in imports(path_of(module)) if name.startswith("kgsync")}
        assert imported <= allowed, (module, imported - allowed)
    assert not {"vocabulary.vocab", "vocabulary.economy", "graph.assemble", "extract.findings"} & \
        _kgsync_closure(evidence)


#: What kgsync.serve may import from kgsync (an edge like publish): the contract modules only, so that
#: moving them is a rename of these names.
SERVE_ALLOWED = ("kgsync.contract", "kgsync.read.user_cache", "kgsync.serve")


def test_serve_imports_only_the_contract_modules_and_only_its_server_imports_mcp() -> None:
    assert serve_modules(), "kgsync/serve/ is missing"
    bad = []
    for path in serve_modules():
        for line, name in imports(path):
            where = f"{path.relative_to(REPO_ROOT)}:{line}: imports {name}"
            if matches(name, "kgsync") and name != "kgsync" and not any(matches(name, a) for a in SERVE_ALLOWED):
                bad.append(where)
            if matches(name, "mcp") and path.name != "server.py":
                bad.append(where + " (only kgsync/serve/server.py may use the MCP SDK)")
            if matches(name, "click"):
                bad.append(where)
    assert bad == []


def test_publish_never_imports_the_cli() -> None:
    assert violations(publish_modules(), PUBLISH_FORBIDDEN) == []


def test_only_the_cli_layer_imports_click() -> None:
    cli_layer = [PACKAGE / "__main__.py", *sorted((PACKAGE / "cli").glob("*.py"))]
    others = [p for p in modules() if p not in cli_layer]
    assert violations(others, CLI_ONLY) == []


def loaded_after_import(module: str, *, call: str = "") -> set[str]:
    code = (
        f"import json, sys, importlib\nm = importlib.import_module({module!r})\n{call}\n"
        "print(json.dumps(sorted(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO_ROOT)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("path", core_modules(), ids=module_name)
def test_importing_a_core_module_loads_nothing_forbidden(path: Path) -> None:
    # Stdlib names (urllib...) are checked statically only: pathlib itself loads urllib.parse.
    forbidden = [p for p in CORE_FORBIDDEN if p.split(".")[0] not in sys.stdlib_module_names]
    loaded = loaded_after_import(module_name(path))
    bad = sorted(m for m in loaded for prefix in forbidden if matches(m, prefix))
    assert bad == []


@pytest.mark.parametrize("name", ["build", "lint"])
def test_loading_a_core_command_does_not_load_the_publish_stack(name: str) -> None:
    loaded = loaded_after_import(
        "kgsync.cli.main", call=f"import click\nm.cli.get_command(click.Context(m.cli), {name!r})"
    )
    assert f"kgsync.cli.{name}" in loaded
    assert sorted(m for m in loaded if m.split(".")[0] in ("jinja2", "github", "networkx")) == []


def test_the_serve_command_and_its_server_do_not_load_the_configuration_schema() -> None:
    # `kgsync serve --graph` reads no kgsync.yml: an agent's client starts it at every session, and
    # kgsync.yml's schema with the YAML reader were 0.02-0.05 s of its start (kgsync.read.user_cache).
    loaded = loaded_after_import(
        "kgsync.cli.main", call="import click\nm.cli.get_command(click.Context(m.cli), 'serve')\nimport kgsync.serve.server"
    )
    assert "kgsync.serve.store" in loaded and "mcp" in loaded
    assert sorted(m for m in loaded if m in ("kgsync.read.config", "yaml")) == []


def test_every_command_module_exposes_a_click_command() -> None:
    import click

    from kgsync.cli.main import COMMANDS, cli

    for name in COMMANDS:
        command = cli.get_command(click.Context(cli), name)
        assert isinstance(command, click.Command), f"kgsync/cli/{name}.py must expose `command`"
        assert command.name == name


def test_every_cli_command_is_documented_in_the_readme() -> None:
    from kgsync.cli.main import COMMANDS

    path = REPO_ROOT / "README.md"
    assert path.is_file(), "README.md is missing: it must document every CLI command"
    readme = path.read_text(encoding="utf-8")
    missing = [name for name in COMMANDS if not re.search(rf"`kgsync {re.escape(name)}(\s[^`]*)?`", readme)]
    assert missing == [], f"README.md lacks a `kgsync <name>` heading or line for: {missing}"


@pytest.mark.parametrize("stage", CORE_STAGES + ("diff",))
def test_the_architecture_table_names_every_module_of_a_core_stage(stage: str) -> None:
    """docs/ARCHITECTURE.md's table row of each core stage names each of its modules (``name``
    in backquotes): a module added without a line there is where the docs start to drift."""
    text = (REPO_ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    row = next((line for line in text.splitlines() if line.startswith(f"| `{stage}/` |")), "")
    assert row, f"docs/ARCHITECTURE.md: no table row for `{stage}/`"
    described = row.split("|")[2]  # the "what it holds" column
    missing = [str(p.relative_to(REPO_ROOT)) for p in modules()
               if stage_of(p) == stage and not p.name.startswith("_") and f"`{p.stem}`" not in described]
    assert not missing, f"docs/ARCHITECTURE.md, the `{stage}/` row: name {missing} in its 'what it holds' column"


#: The name docs/ARCHITECTURE.md gives a third-party package whose import name differs.
DISTRIBUTION = {"github": "PyGithub", "material": "mkdocs-material"}


@pytest.mark.parametrize("stage", STAGES)
def test_the_architecture_table_names_every_third_party_package_a_stage_imports(stage: str) -> None:
    """The "may import, beyond the order" column of each stage's row names every third-party package
    a module of the stage imports: the column was stale (msgspec in `contract`, rapidfuzz in `graph`,
    half of `publish`'s) while no test read it."""
    text = (REPO_ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    row = next((line for line in text.splitlines() if line.startswith(f"| `{stage}/` |")), "")
    assert row, f"docs/ARCHITECTURE.md: no table row for `{stage}/`"
    allowed = row.split("|")[3]  # the "may import, beyond the order" column
    found: dict[str, str] = {}
    for path in modules():
        if stage_of(path) != stage:
            continue
        for line, name in imports(path):
            top = name.split(".")[0]
            if top not in sys.stdlib_module_names and top not in ("kgsync", "__future__"):
                found.setdefault(DISTRIBUTION.get(top, top), f"{path.relative_to(REPO_ROOT)}:{line}")
    missing = {package: where for package, where in sorted(found.items()) if not re.search(rf"\b{re.escape(package)}\b", allowed)}
    assert not missing, (f"docs/ARCHITECTURE.md, the `{stage}/` row: name {sorted(missing)} in its 'may import' column "
                         f"(imported at {sorted(missing.values())})")
