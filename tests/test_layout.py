"""The test tree's own rules: no module under tests/ imports a test module, and every test file
mirrors a module (``unmirrored``: CONTRIBUTING.md, "Where a test goes").

What two test files share lives in a support module that pytest does not collect
(``tests/item_corpus.py``, ``tests/site_fixture.py``, ``tests/<package>/<name>.py``) or in a
folder's ``conftest.py`` as a fixture.  A test file imported by another cannot be moved or
renamed without breaking its importer, and that breakage shows only as a collection error,
possibly only in a fresh clone.  Imports are read with ``ast`` (top level and inside functions,
relative ones resolved, ``importlib.import_module`` with a literal name) by tests/import_reader.py,
the parser of tests/test_architecture.py too.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.import_reader import imports

REPO_ROOT = Path(__file__).resolve().parent.parent
TESTS = REPO_ROOT / "tests"


def is_test_module(path: Path) -> bool:
    """What pytest collects by default (``python_files``: ``test_*.py``, ``*_test.py``)."""
    return path.suffix == ".py" and (path.name.startswith("test_") or path.stem.endswith("_test"))


def imported(path: Path, text: str | None = None) -> list[tuple[int, str]]:
    """(line, absolute dotted name) of every module ``path`` (or ``text``, as if at ``path``) may import;
    ``from a import b`` gives both ``a`` and ``a.b`` (b may be a module)."""
    return imports(path, text, submodule=lambda base, name: name != "*")


def named_test_module(name: str) -> Path | None:
    """The test file a dotted name is, or lies inside (``tests.serve.test_index.answer``), if any."""
    parts = name.split(".")
    for end in range(1, len(parts) + 1):
        path = REPO_ROOT.joinpath(*parts[:end]).with_suffix(".py")
        if is_test_module(path) and path.is_file():
            return path
    return None


def problems(path: Path, text: str | None = None) -> list[str]:
    """One line per import of a test module by ``path`` (or by ``text``, as if at ``path``): where, and the fix."""
    out: list[str] = []
    seen: set[tuple[int, Path]] = set()
    for line, name in imported(path, text):
        target = named_test_module(name)
        if target is None or target == path or (line, target) in seen:
            continue
        seen.add((line, target))
        folder = target.parent.relative_to(REPO_ROOT)
        out.append(
            f"{path.relative_to(REPO_ROOT)}:{line}: imports from the test module {target.relative_to(REPO_ROOT)}. "
            f"Fix: move what it shares into a support module that is not a test file ({folder}/<what_it_is>.py, "
            f"not test_*.py; like tests/item_corpus.py) or, for a fixture, into {folder}/conftest.py; "
            "then import it from there in both files."
        )
    return out


def test_no_module_under_tests_imports_a_test_module() -> None:
    found = [problem for path in sorted(TESTS.rglob("*.py")) for problem in problems(path)]
    assert found == [], "\n" + "\n".join(found)


def test_the_layout_check_sees_every_kind_of_import_of_a_test_module() -> None:
    here = TESTS / "serve" / "test_tools.py"  # any real test module: imports resolve as from there
    source = (
        "from tests.serve.test_index import answer\nimport tests.serve.test_server\nfrom tests.serve import test_store\n"
        "from .test_write import x\nfrom . import test_research\nfrom .. import test_docs\n"
        "def f():\n    from tests.diff.test_graph_diff import A\n    importlib.import_module('tests.cli.test_pr')\n"
        "from tests.serve.answers import answer\nfrom tests import item_corpus\nimport tests.conftest\n"
    )
    found = {name for _, name in imported(here, source)}
    hits = {str(target.relative_to(TESTS)) for name in found if (target := named_test_module(name)) is not None}
    assert hits == {
        "serve/test_index.py", "serve/test_server.py", "serve/test_store.py", "serve/test_write.py",
        "serve/test_research.py", "test_docs.py", "diff/test_graph_diff.py", "cli/test_pr.py",
    }


def test_the_message_names_the_file_the_line_and_the_fix() -> None:
    [message] = problems(TESTS / "serve" / "test_tools.py", "import json\n\nfrom tests.serve.test_index import answer, names\n")
    assert message.startswith("tests/serve/test_tools.py:3: imports from the test module tests/serve/test_index.py. Fix: ")
    assert "support module" in message and "tests/serve/conftest.py" in message


def unmirrored(tests: Path, package: Path, architecture: str) -> list[str]:
    """One line per test file under ``tests`` that mirrors no module (CONTRIBUTING.md, "Where a test
    goes"): ``tests/<package>/test_<module>.py`` or ``test_<module>_<aspect>.py`` for a module of
    ``kgsync/<package>/`` (``tests/bench/``: of a ``bench/`` script), else a file named for a behaviour
    of its package, which docs/ARCHITECTURE.md's row of that package names in its tests column."""
    out: list[str] = []
    for path in sorted(tests.rglob("test_*.py")):
        folder = path.parent.relative_to(tests)
        if not folder.parts:
            continue  # the top level: tests that cross the stages
        source = package.parent / "bench" if folder.parts[0] == "bench" else package.joinpath(*folder.parts)
        tested = path.stem.removeprefix("test_")
        if any(tested == m.stem or tested.startswith(m.stem + "_") for m in source.glob("*.py")):
            continue
        stage = folder.parts[0]
        row = next((line for line in architecture.splitlines() if line.startswith(f"| `{stage}/` |")), "")
        if re.search(rf"`(?:[\w/]+/)?{re.escape(path.stem)}`", row.split("|")[-2] if row else ""):
            continue
        out.append(f"{path.relative_to(tests.parent)}: tests no module of {source.relative_to(package.parent)}/. "
                   f"Fix: name it test_<module>.py or test_<module>_<aspect>.py after the module it tests, or, "
                   f"for a behaviour of the package, name it in docs/ARCHITECTURE.md's `{stage}/` row (tests column)")
    return out


def test_every_test_file_mirrors_a_module_or_is_named_in_the_architecture_table() -> None:
    architecture = (REPO_ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    found = unmirrored(TESTS, REPO_ROOT / "kgsync", architecture)
    assert found == [], "\n" + "\n".join(found)


def test_the_mirror_check_names_a_test_file_that_tests_no_module(tmp_path: Path) -> None:
    (tmp_path / "kgsync" / "serve").mkdir(parents=True)
    (tmp_path / "kgsync" / "serve" / "index.py").write_text("")
    (tmp_path / "tests" / "serve").mkdir(parents=True)
    for name in ("test_index.py", "test_index_ranking.py", "test_scan_oracle.py", "test_real_server.py"):
        (tmp_path / "tests" / "serve" / name).write_text("")
    architecture = "| `serve/` | what | may import | `serve/`: `test_index`, `test_real_server` |\n"
    [message] = unmirrored(tmp_path / "tests", tmp_path / "kgsync", architecture)
    assert message.startswith("tests/serve/test_scan_oracle.py: tests no module of kgsync/serve/. Fix: ")
