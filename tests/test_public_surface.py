"""What ``import kgsync`` offers (docs/ARCHITECTURE.md, "The public surface"): small, typed, cheap."""

from __future__ import annotations

import importlib
import inspect
import json
import re
import subprocess
import sys
from pathlib import Path

import kgsync
from kgsync.contract import errors, model

ARCHITECTURE = Path(__file__).resolve().parent.parent / "docs" / "ARCHITECTURE.md"


def test_the_top_level_exports_the_model_and_every_error() -> None:
    error_classes = {name for name, value in vars(errors).items()
                     if inspect.isclass(value) and issubclass(value, errors.KgsyncError)}
    assert error_classes <= set(kgsync.__all__), "export every KgsyncError subclass from kgsync"
    for name in kgsync.__all__:
        value = getattr(kgsync, name)
        home = errors if hasattr(errors, name) else model if hasattr(model, name) else kgsync
        assert value is getattr(home, name), name
    assert isinstance(kgsync.__version__, str)


def test_importing_kgsync_loads_no_stage() -> None:
    code = "import json, sys, kgsync\nprint(json.dumps(sorted(m for m in sys.modules if m.startswith('kgsync'))))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == ["kgsync", "kgsync.contract", "kgsync.contract.errors", "kgsync.contract.model"]


def test_the_exception_tree_in_the_docs_is_the_code() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    tree = text[text.index("KgsyncError            base"):]
    tree = tree[: tree.index("```")]
    documented = re.findall(r"(?:[├└]── )?(\w+(?:Error|Failed))\s", tree)
    subclasses = [cls.__name__ for cls in errors.KgsyncError.__subclasses__()]
    assert documented == ["KgsyncError", *subclasses]
    assert inspect.getdoc(kgsync) is not None and all(name in inspect.getdoc(kgsync) for name in documented)


def test_every_documented_entry_point_exists() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    section = text[text.index("## The public surface"): text.index("**The exceptions**")]
    calls = re.findall(r"`(kgsync(?:\.\w+)+)\(([^)`]*)\)`", section)
    assert len(calls) >= 8
    for dotted, arguments in calls:
        module_name, _, function_name = dotted.rpartition(".")
        function = getattr(importlib.import_module(module_name), function_name)
        parameters = inspect.signature(function).parameters
        for argument in filter(None, (a.split("=")[0].strip() for a in arguments.split(","))):
            assert argument in parameters, f"{dotted} has no parameter {argument}"
