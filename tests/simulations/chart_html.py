"""Reading a page's charts as a screen reader meets them: each figure's name and one-line
summary, what its SVG is labelled by, and the table behind its "Show data"."""

import re
from dataclasses import dataclass
from html import unescape


@dataclass
class Figure:
    summary: str
    labelled_by: list[str]  # the ids the SVG's aria-labelledby names, each found on the page
    role: str
    has_toggle: bool  # the table sits in a <details> opened by "Show data"
    table_caption: str
    columns: list[str]
    rows: dict[str, list[str]]  # the row's header (a turn, a level) → its cells


def text(fragment: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", fragment))).strip()


def by_id(page: str, element_id: str) -> str:
    found = re.search(rf'<(\w+)[^>]* id="{re.escape(element_id)}"[^>]*>(.*?)</\1>', page, re.S)
    assert found, f"nothing on the page has the id {element_id}"
    return text(found.group(2))


def figures(page: str) -> list[Figure]:
    """Every chart figure of the page, in order."""
    found = []
    for figure in re.findall(r'<figure class="(?:chart-figure|curve)".*?</figure>', page, re.S):
        svg = re.search(r"<svg[^>]*>", figure).group(0)
        labelled = re.search(r'aria-labelledby="([^"]+)"', svg).group(1).split()
        details = re.search(r'<details class="chart-data">(.*?)</details>', figure, re.S)
        assert details, "a chart without its data table"
        table = details.group(1)
        rows = {}
        for header, cells in re.findall(r'<tr><th scope="row">(.*?)</th>(.*?)</tr>', table, re.S):
            rows[text(header)] = [text(cell) for cell in re.findall(r"<td>(.*?)</td>", cells)]
        summary_id = labelled[-1]
        found.append(
            Figure(
                summary=by_id(figure, summary_id),
                labelled_by=labelled,
                role=re.search(r'role="([^"]+)"', svg).group(1),
                has_toggle="<summary>Show data</summary>" in table,
                table_caption=text(re.search(r"<caption>(.*?)</caption>", table, re.S).group(1)),
                columns=[text(th) for th in re.findall(r'<th scope="col">(.*?)</th>', table)],
                rows=rows,
            )
        )
    return found


def uncaptioned_tables(page: str) -> list[str]:
    """The start of every table of the page that has no caption."""
    return [
        table[:80]
        for table in re.findall(r"<table.*?</table>", page, re.S)
        if "<caption" not in table
    ]
