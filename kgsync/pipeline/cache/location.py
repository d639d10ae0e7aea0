"""Where the cache lives, and whether its entries must prove that this machine wrote them.

A cache entry stands for work the build would otherwise do from the checkout; a planted one
would stand for work nobody did.  Every entry is keyed by content and code that anyone can
compute, so a cache folder that a checkout can fill (``git add -f`` passes its .gitignore)
could rewrite the graph.  Hence:

* by default the cache lives outside the checkout, in the user's cache directory
  (``$XDG_CACHE_HOME`` or ``~/.cache``), under ``kgsync/<sha256 of the resolved repository
  root>``: one folder per checkout, none of it in the repository;
* ``KGSYNC_CACHE_DIR`` / ``--cache-dir`` and ``cache_dir`` in kgsync.yml still choose the folder.
  A folder inside the checkout is used only when chosen so, and then every entry carries an
  HMAC-SHA256 under a key kept in the user's cache directory (never in the repository): a
  planted entry fails the check and is ignored with a notice, so it never changes the output.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from kgsync.read.config import USER_CACHE, Config
from kgsync.read.user_cache import user_cache_home

_KEY_BYTES = 32


@dataclass(frozen=True)
class CacheLocation:
    folder: Path
    key: bytes | None  # the HMAC key when the folder lies inside the checkout (entries authenticated)


def locate(config: Config) -> CacheLocation | None:
    """The build's cache folder (None: no cache, ``cache_dir: ""`` or ``--no-cache``)."""
    if not config.cache_dir:
        return None
    root = config.root.resolve()
    if config.cache_dir == USER_CACHE:
        digest = hashlib.sha256(os.fsencode(root)).hexdigest()
        return CacheLocation(user_cache_home() / "kgsync" / digest, None)
    folder = config.path(config.cache_dir).absolute()
    inside = folder.resolve().is_relative_to(root)
    return CacheLocation(folder, machine_key() if inside else None)


def machine_key() -> bytes:
    """This user's cache key: 32 random bytes in ``<user cache>/kgsync/key`` (mode 0600), made on first use."""
    path = user_cache_home() / "kgsync" / "key"
    try:
        key = path.read_bytes()
        if len(key) == _KEY_BYTES:
            return key
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_bytes(_KEY_BYTES)
    tmp = path.with_name(f".key.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key)
    os.replace(tmp, path)
    return key
