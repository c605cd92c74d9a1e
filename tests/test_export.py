"""Reports: printable HTML with an SVG chart, Markdown, CSV, JSON, statistics, terminal chart."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from .conftest import EXAMPLES, Run

EVENING = str(EXAMPLES / "evening.json")


class _Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.tags: list[str] = []
        self.rows: list[list[str]] = []
        self._row: list[str] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._row is not None and self._cell is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.rows.append(self._row)
            self._row = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)


def _sheet(run: Run, ledger: str = EVENING) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(run("sheet", "--format", "json", "--ledger", ledger).stdout)
    return data


def test_html_holds_every_game_line_and_total(run: Run) -> None:
    r = run("export", "--ledger", EVENING, "--cent", "0.25")
    assert r.exit_code == 0
    page = _Collect()
    page.feed(r.stdout)
    sheet = _sheet(run)
    game_rows = [row for row in page.rows if row and row[0].isdigit()]
    assert len(game_rows) == 36
    for row, game in zip(game_rows, sheet["games"], strict=True):
        assert row[0] == str(game["number"])
        assert row[3] == game["game"]
        totals = [int(x.replace("−", "-").replace("+", "")) for x in row[-3:]]
        assert totals == [game["totals"][p] for p in ("Anna", "Ben", "Carl")]
    summary = [row for row in page.rows if row and row[0].endswith(".")]
    assert [r[1] for r in summary] == ["Anna", "Carl", "Ben"]
    assert [r[2] for r in summary] == ["+210", "+62", "−302"]
    text = " ".join(page.text)
    assert "Ben zahlt Anna" in text and "Regeln: isko" in text
    assert "script" not in page.tags


def test_html_is_self_contained_and_printable(run: Run) -> None:
    page = run("export", "--ledger", EVENING).stdout
    assert "<style>" in page and "@page { size: A4" in page and "@media print" in page
    assert "<script" not in page and "<link" not in page
    assert "http" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")


def test_svg_chart_parses_and_has_a_line_per_player(run: Run) -> None:
    page = run("export", "--ledger", EVENING).stdout
    svg = ET.fromstring(page[page.index("<svg") : page.index("</svg>") + 6])
    ns = "{http://www.w3.org/2000/svg}"
    lines = svg.findall(f"{ns}polyline")
    assert [p.findtext(f"{ns}title") for p in lines] == ["Anna", "Ben", "Carl"]
    assert all(len(p.get("points", "").split()) == 37 for p in lines)  # start + 36 games
    assert len({p.get("stroke") for p in lines}) == 3
    texts = [t.text for t in svg.iter(f"{ns}text")]
    assert {"Spiel", "Punkte", "Anna +210", "Ben −302", "Carl +62"} <= set(texts)
    assert svg.find(f"{ns}line[@class='zero']") is not None


def test_html_in_english(run: Run) -> None:
    page = run("export", "--ledger", EVENING, "--lang", "en").stdout
    assert '<html lang="en">' in page and "Running totals" in page and "Dealer" in page


def test_shipped_html_is_the_export_of_the_shipped_evening(run: Run) -> None:
    shipped = (EXAMPLES / "evening.html").read_text(encoding="utf-8")
    assert run("export", "--ledger", EVENING, "--cent", "0.25").stdout == shipped


def test_csv_round_trips(run: Run, tmp_path: Path) -> None:
    out = tmp_path / "evening.csv"
    r = run("export", "--format", "csv", "-o", str(out), "--ledger", EVENING)
    assert r.stdout == f"{out}: csv, 36 Spiele\n"
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8")), delimiter=";"))
    sheet = _sheet(run)
    assert len(rows) == 36
    for row, game in zip(rows, sheet["games"], strict=True):
        assert int(row["number"]) == game["number"]
        assert row["dealer"] == game["dealer"]
        assert (row["list_points"] or None) == (
            None if game["list_points"] is None else str(game["list_points"])
        )
        for p in ("Anna", "Ben", "Carl"):
            assert int(row[f"total {p}"]) == game["totals"][p]
    assert rows[3]["bid"] == "36" and rows[3]["won"] == "nein"  # the overbid Pik
    assert rows[4]["kind"] == "passed"


def test_markdown_and_json(run: Run) -> None:
    md = run("export", "--format", "md", "--ledger", EVENING).stdout
    assert md.startswith("# Skatliste: Anna, Ben, Carl")
    assert "Regeln: isko\n" in md
    assert "Platz" in md and "| Anna " in md and "+210" in md
    data = json.loads(run("export", "--format", "json", "--ledger", EVENING).stdout)
    assert len(data["games"]) == 36 and data["summary"]["totals"]["Anna"] == 210


def test_stats_of_the_evening(run: Run) -> None:
    data = json.loads(run("stats", "--json", "--ledger", EVENING).stdout)
    anna = data["Anna"]
    assert (anna["declared"], anna["won"], anna["lost"], anna["total"]) == (11, 7, 4, 210)
    assert anna["highest"] == 144 and anna["schwarz"] == 1 and anna["overbid"] == 1
    assert anna["by_game"]["Grand"] == {"declared": 4, "won": 4}
    assert anna["kontra_against"] == 2 and anna["kontra_lost"] == 1
    assert data["Ben"]["win_rate"] == round(6 / 11, 4)


def test_stats_merge_lists_by_player_name(run: Run) -> None:
    data = json.loads(run("stats", "--json", EVENING, str(EXAMPLES / "pub-evening.json")).stdout)
    assert data["Anna"]["lists"] == 2
    assert data["Anna"]["total"] == 210 - 12
    assert data["Carl"]["ramsch_lost"] == 2  # games 5 and 13 of the pub evening
    text = run("stats", EVENING).stdout
    assert "Anna" in text and "gewonnen/gespielt" in text


def test_stats_count_a_list_given_twice_once_by_refusing_it(run: Run, tmp_path: Path) -> None:
    """The same list twice, or through a link to it, would count its games twice."""
    link = tmp_path / "link.json"
    link.symlink_to(EVENING)
    for again in (str(EVENING), str(link)):
        r = run("stats", str(EVENING), again)
        assert r.exit_code == 2
        assert r.stderr == (
            f"Fehler: {again}: die Liste {EVENING} noch einmal angegeben; jede Liste zählt einmal\n"
        )


def test_terminal_chart(run: Run) -> None:
    out = run("chart", "--ledger", EVENING, "--height", "8").stdout.splitlines()
    assert len(out) == 8 + 3
    assert out[0].lstrip().startswith("210 │")
    assert out[-1].startswith("A = Anna +210   B = Ben −302   C = Carl +62")
    assert any("─" in line and line.lstrip().startswith("0 │") for line in out)


def test_chart_of_an_empty_list(run: Run, fresh_ledger: Path) -> None:
    assert run("chart", "--ledger", str(fresh_ledger)).stdout == "Noch keine Spiele.\n"


def test_an_export_onto_a_pipe_is_refused_and_dash_is_standard_output(
    run: Run, tmp_path: Path
) -> None:
    """``-o`` into a pipe that no one reads is refused, the pipe left as it was (a file is
    never written in its place); ``-o -`` prints, as without ``-o``."""
    import os
    import stat

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    r = run("export", "--format", "csv", "-o", str(pipe), "--ledger", EVENING)
    assert r.exit_code == 2
    assert r.stderr == f"Fehler: {pipe}: eine Pipe, die niemand liest; nichts geschrieben\n"
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    printed = run("export", "--format", "csv", "-o", "-", "--ledger", EVENING)
    assert printed.exit_code == 0
    assert printed.stdout == run("export", "--format", "csv", "--ledger", EVENING).stdout
    assert not (Path.cwd() / "-").exists()
