"""The route that made each node, joined with readings (``bench/bench_node_routes.py``, issue 21)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.bench_node_routes import Row, _route, _writes, band, joined, table, writer_band


def _row(flags: str = "", routes: str = "", min_links: int = 2) -> dict[str, str]:
    return {"flags": flags, "routes": routes, "min_links": str(min_links)}


def test_a_node_s_route_is_the_first_that_holds() -> None:
    assert _route(_row("theme,topic", "caps:5")) == "theme"  # a theme's node, whatever else links it
    assert _route(_row("hub", "hub:3")) == "hub"
    assert _route(_row("topic", "caps:2,topic:4")) == "caps"  # mining alone would make it
    assert _route(_row("topic", "caps:1,acronym:1")) == "acronym"  # an acronym's definers make up the floor
    assert _route(_row("topic", "caps:1,topic:6")) == "topic"
    assert _route(_row("subject,facet", "subject:2")) == "subject"
    assert _route(_row("facet", "facet:1")) == "facet"
    assert _route(_row("", "title:3")) == "other"  # a title links a node, never makes one


def test_bands() -> None:
    assert [band(n) for n in (1, 2, 3, 5, 12, 40)] == ["1-2", "1-2", "3-4", "5-9", "10-19", "20+"]
    row = Row("concept:x", "topic", "topic:4", items=4, prose=4, verdict="idea", writers=20)
    assert writer_band(row) == "links under a third"
    assert writer_band(Row("concept:x", "topic", "", 4, 4, "idea", 7)) == "links most writers"
    assert writer_band(Row("concept:x", "topic", "", 4, 4, "idea", 12)) == "links a third+"


def test_a_name_is_written_as_a_whole_word() -> None:
    assert _writes(" the tool call failed ", ("tool call",))
    assert not _writes(" the tool callback ", ("tool call",))


def _files(tmp_path: Path, routes: list[str], verdicts: list[tuple[str, str]]) -> tuple[Path, Path]:
    routes_tsv = tmp_path / "routes.tsv"
    routes_tsv.write_text("node\tflags\tmin_links\troutes\titems\tprose\twriters\n" + "".join(f"{r}\n" for r in routes),
                          encoding="utf-8")
    reading = tmp_path / "reading.tsv"
    reading.write_text("# reader0 blind\nid\tname\ttype\tverdict\n"
                       + "".join(f"{i}\t{n}\tconcept\t{v}\n" for i, (n, v) in enumerate(verdicts, 1)), encoding="utf-8")
    return routes_tsv, reading


def test_joined_says_what_the_reading_and_the_graph_do_not_share(tmp_path: Path) -> None:
    routes_tsv, reading = _files(tmp_path, ["concept:a\ttopic\t2\ttopic:3\t3\t3\t9", "concept:b\t\t2\tcaps:2\t2\t2\t2"],
                                 [("concept:a", "generic"), ("concept:gone", "idea")])
    rows, unread, absent = joined(routes_tsv, reading)
    assert [(r.node, r.route, r.verdict) for r in rows] == [("concept:a", "topic", "generic")]
    assert unread == ["concept:b"] and absent == ["concept:gone"]


def test_a_cell_passes_only_on_two_readings_of_every_population(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    topic = [f"concept:t{i}\ttopic\t2\ttopic:3\t3\t3\t9" for i in range(3)]
    routes_tsv, reading = _files(tmp_path, topic, [(f"concept:t{i}", "generic") for i in range(3)])
    table([f"a/one={routes_tsv}:{reading}", f"b/two={routes_tsv}:{reading}"], listing=False)
    out = capsys.readouterr().out
    assert "topic                          a/one, b/two   <-- two readings of every population" in out
    table([f"a/one={routes_tsv}:{reading}", f"b/two={routes_tsv}:{reading}", f"c/three={routes_tsv}:{reading}"][:1],
          listing=False)
    assert "<-- two readings" not in capsys.readouterr().out  # one reading is not two


def test_without_a_route_counts_what_dropping_it_costs() -> None:
    from bench.bench_node_routes import _without

    rows = [Row("concept:a", "topic", "", 3, 3, "generic", 9), Row("concept:b", "topic", "", 3, 3, "idea", 9),
            Row("concept:c", "caps", "", 2, 2, "named", 2)]
    lines = _without(rows)
    assert "    topic    1/1 = 100.0 %   (1 right lost, 1 generic gone)" in lines
    assert "    caps     1/2 =  50.0 %   (1 right lost, 0 generic gone)" in lines
