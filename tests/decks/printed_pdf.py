"""A printed PDF read back with pypdf: each page's size and what its content stream draws, in
points from the bottom left corner, whatever writes the PDF."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from pypdf import PdfReader
from pypdf.generic import ContentStream

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    width: float
    height: float

    def __contains__(self, other: Box) -> bool:
        slack = 0.01
        return (
            other.x >= self.x - slack
            and other.y >= self.y - slack
            and other.x + other.width <= self.x + self.width + slack
            and other.y + other.height <= self.y + self.height + slack
        )


@dataclass(frozen=True)
class Placed:
    """An image drawn on the page."""

    name: str
    box: Box


@dataclass(frozen=True)
class Filled:
    """A filled shape: `rectangle` when drawn with `re`, else a path of lines and curves."""

    color: tuple[float, float, float]
    box: Box
    rectangle: bool


@dataclass(frozen=True)
class Stroke:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float


@dataclass
class Page:
    width: float
    height: float
    images: list[Placed] = field(default_factory=list)
    fills: list[Filled] = field(default_factory=list)
    strokes: list[Stroke] = field(default_factory=list)
    clips: int = 0

    @property
    def rectangles(self) -> list[Filled]:
        return [fill for fill in self.fills if fill.rectangle]

    @property
    def shapes(self) -> list[Filled]:
        return [fill for fill in self.fills if not fill.rectangle]


def _times(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (
        a * p + b * r,
        a * q + b * s,
        c * p + d * r,
        c * q + d * s,
        e * p + f * r + t,
        e * q + f * s + u,
    )


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _box(points: list[tuple[float, float]]) -> Box:
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def read_pdf(content: bytes) -> list[Page]:
    reader = PdfReader(io.BytesIO(content))
    return [_read_page(reader, page) for page in reader.pages]


def _read_page(reader: PdfReader, page) -> Page:
    box = page.mediabox
    read = Page(float(box.width), float(box.height))
    ctm, fill, line_width = IDENTITY, (0.0, 0.0, 0.0), 1.0
    stack: list[tuple[Matrix, tuple[float, float, float], float]] = []
    # The path being built: its pieces (each a `re` or from an `m`), and its straight segments.
    pieces: list[tuple[list[tuple[float, float]], bool]] = []
    segments: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        values = [float(v) for v in operands if isinstance(v, int | float)]
        match operator:
            case b"q":
                stack.append((ctm, fill, line_width))
            case b"Q":
                ctm, fill, line_width = stack.pop()
            case b"cm":
                ctm = _times(tuple(values), ctm)  # type: ignore[arg-type]
            case b"rg":
                fill = (values[0], values[1], values[2])
            case b"w":
                line_width = values[0] * abs(ctm[0])
            case b"Do":
                corners = [_apply(ctm, x, y) for x, y in ((0, 0), (1, 0), (0, 1), (1, 1))]
                read.images.append(Placed(str(operands[0]), _box(corners)))
            case b"re":
                x, y, w, h = values
                pieces.append(([_apply(ctm, x, y), _apply(ctm, x + w, y + h)], True))
            case b"m":
                pieces.append(([_apply(ctm, *values)], False))
            case b"l":
                end = _apply(ctm, *values)
                segments.append((pieces[-1][0][-1], end))
                pieces[-1][0].append(end)
            case b"c":
                pieces[-1][0].extend(_apply(ctm, values[i], values[i + 1]) for i in (0, 2, 4))
            case b"W" | b"W*":
                read.clips += 1  # the path is ended by the `n` that follows
            case b"f" | b"f*" | b"F" | b"B" | b"B*" | b"S" | b"n":
                if operator in (b"f", b"f*", b"F", b"B", b"B*"):
                    read.fills += [Filled(fill, _box(points), kind) for points, kind in pieces]
                if operator == b"S":
                    read.strokes += [Stroke(*a, *b, line_width) for a, b in segments]
                pieces, segments = [], []
    return read


def embedded_images(content: bytes) -> int:
    """How many image objects the file holds, however often each is drawn."""
    reader = PdfReader(io.BytesIO(content))
    found = set()
    for page in reader.pages:
        for reference in page["/Resources"].get("/XObject", {}).values():
            if reference.get_object()["/Subtype"] == "/Image":
                found.add(reference.idnum)
    return len(found)
