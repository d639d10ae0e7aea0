"""``kgsync site``: the graph as a browsable concept site (mkdocs-material).

Renders the project (``mkdocs.yml`` + ``docs/``) into ``--project`` and builds
it to HTML in ``--out`` with ``--engine`` (mkdocs, strict; or zensical).

Exit codes: 0 built; 1 the project could not be written (a folder kgsync did not write, a link
inside it: ``PublishError``) or the engine failed; 2 configuration or usage error, or a graph file
that is missing or cannot be read (``GraphFormatError``, ``cli._errors.exit_code``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import click

from kgsync.contract import jsonl
from kgsync.cli._errors import reported
from kgsync.cli._options import load_config, repo_options
from kgsync.contract.errors import ConfigError, GraphFormatError, Location, message_line, printable_path
from kgsync.contract.model import EntityType, Graph
from kgsync.read.item_caps import cap_problems
from kgsync.read.pr_names import site_url_problem
from kgsync.read.items import ResearchItem, display_path, find_item_files, read_corpus
from kgsync.read.yaml_source import leads_out
from kgsync.graph.manifest import load_manifest, manifest_path


@click.command("site")
@click.option("--items", "items_spec", help="Item files the pages read: a folder or a glob (default: `items` in "
              "kgsync.yml, Research/completed/*.md).")
@repo_options
@click.option("--graph", "graph_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Graph file to publish (default: the config's graph, memory.jsonl).")
@click.option("--project", "project_dir", type=click.Path(file_okay=False, path_type=Path),
              help="The mkdocs project folder to write (default: ROOT/site).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Where the HTML goes; emptied on every build (default: PROJECT/site).")
@click.option("--engine", type=click.Choice(["mkdocs", "zensical"]), default="mkdocs", show_default=True,
              help="Site engine: mkdocs (one process per CPU and per 1,000 pages, at most 4), or Zensical (keeps a cache in PROJECT/.cache); "
                   "both strict, both read the same mkdocs.yml.")
@click.option("--fresh", is_flag=True, help="Empty the engine's cache first (Zensical); mkdocs always is.")
@click.option("--url", "site_url", metavar="URL",
              help="The address the site is published at (overrides site.url; the Pages workflow passes "
                   "actions/configure-pages' base_url): a project site's 404 page links its styles under its path.")
@click.option("--no-build", is_flag=True, help="Render the project only; do not build HTML.")
@click.option("-q", "--quiet", is_flag=True, help="Print errors only.")
def command(items_spec: str | None, root: Path | None, config_path: Path | None, graph_path: Path | None,
            project_dir: Path | None, out_dir: Path | None, engine: str, fresh: bool, site_url: str | None,
            no_build: bool, quiet: bool) -> None:
    """Publish the graph as a static concept site whose pages lead back to the items.

    Builds are strict: a warning (a broken link) fails the build.
    """
    from kgsync.lint.rules import emptied_graph
    from kgsync.publish.site.project import (  # jinja2/networkx only when used
        build_html,
        evidence_of,
        render_project,
        source_url,
    )

    with reported():
        cfg = load_config(root, config_path)
        if items_spec:  # relative to the working directory, as build's --items
            cfg = replace(cfg, items=os.path.abspath(items_spec))
        if site_url:
            if wrong := site_url_problem(site_url):
                raise ConfigError(f"--url: {wrong}")
            # configure-pages gives the address without its last "/" (the workflow adds one): exactly one, as
            # mkdocs takes the 404 page's path from it.
            cfg = replace(cfg, site=replace(cfg.site, url=site_url.rstrip("/") + "/"))
        source = graph_path if graph_path else cfg.graph_file("--graph")
        if not Path(source).is_file():  # an empty site over the published one would be worse than none
            raise ConfigError("graph file not found", Location.of(source), "run `kgsync build` first, or pass --graph")
        graph = jsonl.read(source)
        # The manifest beside the graph keeps the sentence stating each evidence link; when it records
        # nodes the graph file does not hold, the file was emptied (refused as the build refuses it).
        manifest_file = manifest_path(Path(source))
        manifest = load_manifest(manifest_file)
        if manifest is not None and not graph.entities and not graph.relations and (
                problem := emptied_graph(manifest, Path(source).name, manifest_file.name)):
            raise GraphFormatError(problem[0], Location.of(source), problem[1])
        # An item past a cap is an error to the build (it keeps its previous nodes): its text is
        # not rendered either, so the site's size follows from the graph's caps.
        read = read_corpus(cfg.items, cfg.root).items
        items = tuple(item for item in read if not cap_problems(item, cfg.caps))
        project = project_dir if project_dir else _default_project(cfg.root)
        _refuse_a_project_over_items(project, cfg.items, cfg.root)
        out = out_dir if out_dir else project / "site"
        if not out_dir and not no_build:
            _refuse_a_linked_out(out)
        evidence = evidence_of(manifest)
        rendered = render_project(graph, items, cfg.site, project, evidence=evidence, engine=engine, root=cfg.root)
        missing, total = _items_without_file(graph, read)
        if missing and not quiet:
            click.echo(message_line(None, f"notice: {missing} of the graph's {total} items have no file under "
                                    f"{items_spec or cfg.items!r}: their pages show the graph's facts only, not the "
                                    "items' text", "pass --items FOLDER, or set `items:` in kgsync.yml"), err=True)
        if not quiet and items and source_url(cfg.site, "x.md") is None:
            click.echo("notice: no repository to link item files into (set site.repo in kgsync.yml, or "
                       "$GITHUB_REPOSITORY): item pages name their files without a link", err=True)
        if not quiet:
            click.echo(f"rendered {len(rendered.pages)} pages into {project} "
                       f"({rendered.written} files changed, {rendered.removed} removed, {rendered.seconds:.2f} s)")
        if no_build:
            return
        if not quiet and not cfg.site.url:
            click.echo("notice: no site.url: the 404 page links its styles and scripts from the host's root, right "
                       "for a site at https://owner.github.io/ but unstyled for a project site under /<repo>/ "
                       "(set site.url in kgsync.yml, or pass --url, to the published address, such as https://owner.github.io/repo/)",
                       err=True)
        started = time.perf_counter()
        build_html(project, out, engine=engine, strict=True, fresh=fresh)
        if not quiet:
            click.echo(f"built {out} with {engine} ({time.perf_counter() - started:.2f} s)")


def _items_without_file(graph: Graph, items: Sequence[ResearchItem]) -> tuple[int, int]:
    """(how many of the graph's research items no item file read here is, how many it holds): their
    pages are rendered from the graph alone (title, summary's lead, claims), without the question,
    the summary and the findings; with no word, a site of a build run with --items lost them all."""
    names = [entity.name for entity in graph.entities if entity.entity_type == EntityType.RESEARCH_ITEM]
    read = {f"item:{item.slug}" for item in items}
    return sum(name not in read for name in names), len(names)


def _default_project(root: Path) -> Path:
    """ROOT/site, the repository's folder, refused when it resolves outside the repository (a committed
    link): the render would write mkdocs.yml, docs/ and the HTML there, and publish that folder's
    overrides/ and assets/extra.css.  ``--project`` (the operator's) names any folder."""
    project = root / "site"
    target = leads_out(project, root)  # the one rule of a committed link leading out, the items' and inputs'
    if target is not None:
        raise ConfigError(f"the site project folder is a link to {printable_path(str(target))}, outside the "
                          f"repository ({printable_path(os.path.realpath(root))}); the repository may not make kgsync "
                          "write or publish there",
                          Location.of(project), "commit site/ as a folder (remove the link), or pass --project DIR "
                                                "to render a folder elsewhere")
    return project


def _refuse_a_project_over_items(project: Path, items: str, root: Path) -> None:
    """A project folder that holds item files, refused before anything is written: its mkdocs.yml opens
    with the note that marks a folder a rendered site, whose pages are no items (``read.item_files``), so
    the next build would read none of them (`--project notes` over `--items notes`, `--project .`)."""
    top, files = project.resolve(), find_item_files(items, root)
    # By folder (10,000 items are a few folders): an item is where its folder is, as the walk for a site reads it.
    held = {folder for folder in {path.parent for path in files} if folder.resolve().is_relative_to(top)}
    inside = [path for path in files if path.parent in held]
    if inside:
        count = len(inside)
        raise ConfigError(
            f"the site project folder holds {count} item file{'s' if count != 1 else ''} ("
            f"{display_path(inside[0], root)}{', ...' if count > 1 else ''}): its mkdocs.yml would make a build read "
            "them as a rendered site's pages, not items", Location.of(project),
            "pass --project a folder that holds no item, such as site (the default: ROOT/site)")


def _refuse_a_linked_out(out: Path) -> None:
    """PROJECT/site, the default output, refused when it is a link, whatever its target (mkdocs writes a
    folder, never a link): the build empties it and writes the HTML there, so a committed link made kgsync
    delete and write another folder's files (one with an index.html passes as a previous build).
    ``--out`` (the operator's) names any folder."""
    if out.is_symlink():
        raise ConfigError(f"the site's output folder is a link to {printable_path(os.path.realpath(out))}; the build "
                          "empties it and writes the HTML there, so it would delete and write that folder's files",
                          Location.of(out), "delete the link (the build writes the folder itself), or pass --out DIR "
                                            "to build elsewhere")
