"""The user's cache directory, outside every checkout: where the build cache (``kgsync.read.config``'s
``USER_CACHE``) and ``kgsync serve``'s stored index live.

A module of its own, on the standard library alone: ``kgsync serve --graph`` finds its stored index
without loading kgsync.yml's schema and the YAML reader (``kgsync.read.config``, ~0.02-0.05 s of a start:
``bench/bench_serve.py --no-recall``, serve86).
"""

from __future__ import annotations

import os
from pathlib import Path


def user_cache_home() -> Path:
    """``$XDG_CACHE_HOME`` when set to an absolute path (the XDG rule), else ``~/.cache``."""
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    return Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".cache"
