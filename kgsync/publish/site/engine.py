"""Running the site engine: ``mkdocs build`` or ``zensical build`` on a rendered project.

``build_html`` owns everything about the engines: which exist, the command line,
the build folders (Zensical builds inside the project), the output folder it may
empty, and turning a failed build into a ``PublishError`` with the tool's output.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from kgsync.pipeline.cpus import usable_cpus
from kgsync.contract.errors import Location, PublishError, printable_path

ENGINES = ("mkdocs", "zensical")
#: The engine that passes the strict link check and the browser tests, and the faster one at
#: 10,000 items (Zensical 0.0.73 used 280 CPU s there against mkdocs' 181: ``bench/bench_site.py --engine``;
#: the figures in the CHANGELOG, "Site: engines at 10,000 items").
DEFAULT_ENGINE = "mkdocs"
#: mkdocs processes per build (the pages are shared out; each process holds the whole file list).
MAX_JOBS = 4
#: Pages per mkdocs process: starting one (mkdocs, the theme, the file list) costs 1-2 CPU s,
#: more than it saves on a smaller share (the 220-item site, 388 pages: 6.9 CPU s in one
#: process, 9.2 in two; ``bench/bench_site.py --skip-large --jobs``).
PAGES_PER_JOB = 1000


def build_html(project_dir: Path, out_dir: Path, engine: str = DEFAULT_ENGINE, strict: bool = True,
               timeout: float | None = None, fresh: bool = False, jobs: int | None = None) -> float:
    """Build the rendered project to HTML in ``out_dir`` with ``engine``; return the seconds taken.

    The output folder is always written anew.  mkdocs always builds everything:
    ``mkdocs build --dirty`` leaves a broken search index, so the site is never
    published from one.  Zensical keeps a cache of what it built, keyed by content, in
    the project's ``.cache/``, so a one-item change rebuilds quickly (and its search
    index is whole); ``fresh`` empties that cache first.  mkdocs renders its pages in
    ``jobs`` processes (default ``default_jobs``; ``mkdocs_parts``), with the same output
    as one.  Raises ``PublishError`` with the
    tool's output tail when the build fails (in strict mode, on any warning).
    """
    if engine not in ENGINES:
        raise PublishError(f"unknown site engine {engine!r}", hint=f"use one of: {', '.join(ENGINES)}")
    project_dir, out_dir = Path(project_dir).resolve(), Path(out_dir).resolve()
    config_file = project_dir / "mkdocs.yml"
    if not config_file.is_file():
        raise PublishError(f"{config_file} not found", hint="render the project first (kgsync site --no-build)")
    _check_out_dir(out_dir, project_dir)
    start = time.perf_counter()
    if engine == "mkdocs":
        _mkdocs(project_dir, config_file, out_dir, strict, timeout, jobs or default_jobs(project_dir / "docs"))
    else:
        _zensical(project_dir, config_file, out_dir, strict, timeout, fresh)
    return time.perf_counter() - start


def default_jobs(docs_dir: Path) -> int:
    """One mkdocs process per CPU (at most ``MAX_JOBS``) and per ``PAGES_PER_JOB`` pages."""
    pages = sum(1 for _ in docs_dir.rglob("*.md"))
    return max(1, min(usable_cpus(), MAX_JOBS, pages // PAGES_PER_JOB))


def _mkdocs(project_dir: Path, config_file: Path, out_dir: Path, strict: bool, timeout: float | None,
            jobs: int) -> None:
    """``jobs`` mkdocs processes at once, each rendering a share of the pages into its own
    folder (part 0 into ``out_dir``), then one site (``mkdocs_parts.merge_parts``)."""
    from kgsync.publish.site.mkdocs_parts import merge_parts

    folders = [out_dir] + [out_dir.with_name(f".{out_dir.name}.part{n}") for n in range(1, jobs)]
    _no_scratch_link(*folders[1:])
    for folder in folders:
        if folder.exists():
            shutil.rmtree(folder)
    commands = [[sys.executable, "-m", "kgsync.publish.site.mkdocs_parts", str(config_file), str(folder), str(n), str(jobs)]
                + (["--strict"] if strict else []) for n, folder in enumerate(folders)]
    try:
        _run_all(commands, project_dir, "mkdocs", timeout)
        merge_parts(out_dir, folders[1:])
    finally:
        for folder in folders[1:]:
            shutil.rmtree(folder, ignore_errors=True)


def _zensical(project_dir: Path, config_file: Path, out_dir: Path, strict: bool, timeout: float | None,
              fresh: bool) -> None:
    """Zensical has no --site-dir and wants site_dir inside the project: a sibling
    config (same folder, so docs_dir resolves the same) builds into a folder of
    the project, which then moves to ``out_dir`` when that is elsewhere."""
    import yaml

    inside = project_dir in out_dir.parents
    build_dir = out_dir if inside else project_dir / ".kgsync-zensical-site"
    settings = yaml.safe_load(config_file.read_text(encoding="utf-8"))
    settings["site_dir"] = build_dir.relative_to(project_dir).as_posix()
    sibling = project_dir / ".kgsync-zensical.yml"
    _no_scratch_link(sibling, build_dir)
    sibling.write_text(yaml.safe_dump(settings, sort_keys=True, allow_unicode=True), encoding="utf-8")
    for folder in {build_dir, out_dir}:
        if folder.exists():
            shutil.rmtree(folder)
    zensical = shutil.which("zensical") or str(Path(sys.executable).with_name("zensical"))
    command = [zensical, "build", "-f", str(sibling)] + (["--clean"] if fresh else [])
    if strict:
        command.append("--strict")
    try:
        _run(command, project_dir, "zensical", timeout)
    finally:
        sibling.unlink(missing_ok=True)
    if not inside:
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(build_dir), str(out_dir))


def _no_scratch_link(*paths: Path) -> None:
    """A ``PublishError`` at the first of kgsync's scratch names (Zensical's, mkdocs' part folders) that is a link:
    they are written, then removed, so a committed link would make the build overwrite, or empty, what it
    leads to."""
    link = next((path for path in paths if path.is_symlink()), None)
    if link is not None:
        raise PublishError(f"a symbolic link to {printable_path(os.path.realpath(link))}: kgsync site writes this scratch name and "
                           "removes it after the build, so it would write through the link",
                           Location.of(link), "delete the link: kgsync writes the file or folder itself")


def _check_out_dir(out_dir: Path, project_dir: Path) -> None:
    """Both engines empty the output folder: refuse one that is not a previous build."""
    if out_dir == project_dir or out_dir in project_dir.parents or out_dir == project_dir / "docs":
        raise PublishError(f"output folder {out_dir} would delete the project", hint="choose another --out")
    if out_dir.is_dir() and any(out_dir.iterdir()) and not (out_dir / "index.html").exists() \
            and not (out_dir / "sitemap.xml").exists():
        raise PublishError(f"output folder {out_dir} is not empty and holds no built site",
                           hint="choose an empty or new folder for --out; it is emptied on every build")


def _run_all(commands: list[list[str]], cwd: Path, engine: str, timeout: float | None) -> None:
    """Run the commands at once; fail with the first failed one's output tail."""
    with ThreadPoolExecutor(len(commands)) as pool:
        for done in [pool.submit(_run, command, cwd, engine, timeout) for command in commands]:
            done.result()


#: The date an engine builds "as of" unless the caller sets SOURCE_DATE_EPOCH (the reproducible-builds
#: convention, which mkdocs reads): mkdocs would stamp the build day into sitemap.xml.gz's gzip header and each
#: page's update date, so the same project built on two days gave two sites.  No page kgsync renders shows it.
SOURCE_DATE_EPOCH = "0"


def _run(command: list[str], cwd: Path, engine: str, timeout: float | None) -> None:
    env = {**os.environ, "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", SOURCE_DATE_EPOCH)}
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False, env=env)
    except FileNotFoundError:
        raise PublishError(f"{engine} is not installed", hint=f"pip install {'mkdocs-material' if engine == 'mkdocs' else 'zensical'}") from None
    except subprocess.TimeoutExpired:
        raise PublishError(f"{engine} build timed out after {timeout} s") from None
    if done.returncode != 0:
        tail = "\n".join((done.stderr + done.stdout).strip().splitlines()[-25:])
        raise PublishError(f"{engine} build failed (exit {done.returncode}):\n{tail}",
                           hint="see the tool's messages above")

