"""Every import a Python file makes, read with ``ast``: the parser of the import rules
(tests/test_architecture.py for kgsync/, tests/test_layout.py for tests/).

Top-level imports and those inside functions, relative ones resolved against the file's
package, and ``importlib.import_module("...")`` / ``__import__("...")`` with a literal name, so a
rule breaks the moment someone writes the import, not when a code path happens to run.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO_ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, text: str | None = None, *, submodule: Callable[[str, str], bool]) -> list[tuple[int, str]]:
    """(line, absolute module name) for every import in ``path`` (or in ``text``, as if at ``path``).

    ``from base import name`` gives ``base``, and ``base.name`` too when ``submodule(base, name)``
    says ``name`` may be a module rather than a name inside ``base``."""
    tree = ast.parse(path.read_text(encoding="utf-8") if text is None else text, str(path))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolve against this module's package
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            found.append((node.lineno, base))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names if submodule(base, alias.name)]
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant):
                value = node.args[0].value
                if isinstance(value, str) and not value.startswith("."):
                    found.append((node.lineno, value))
    return found
