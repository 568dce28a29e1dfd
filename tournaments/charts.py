"""SVG charts written by hand: no plotting library and no JavaScript.

The same markup serves the page, the phone and the PDF (weasyprint draws inline
SVG), so the styling is in presentation attributes rather than CSS: a chart looks
the same wherever it is embedded. Every chart names itself with ``<title>`` and
``<desc>`` (tied to the ``<svg>`` by ``aria-labelledby``) and labels both axes;
its numbers are also given as a table by the templates, for readers who cannot
see the picture.

Only numbers and strings come in; every string is escaped here, so a name like
``Müller & Söhne <3`` cannot break the markup.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape, unescape

from django.utils.safestring import SafeString, mark_safe

FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif"
TEXT = "#1d2329"
MUTED = "#5d6b78"
GRID = "#d9dee4"
REST = "#9aa5b1"  # the many lines nobody highlighted
CHOSEN = "#111111"
# Okabe-Ito: tell apart also with the common colour-vision deficiencies.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00")
BAR = "#0b5cad"


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _n(x: float) -> str:
    """A coordinate with one decimal, without a trailing ``.0``."""
    s = f"{x:.1f}"
    return s[:-2] if s.endswith(".0") else s


def nice_step(span: float, parts: int, steps: Sequence[float] = (1, 2, 2.5, 5)) -> float:
    """A round step (1, 2, 2.5, 5 × 10^k) cutting ``span`` into at most about ``parts`` parts."""
    if span <= 0:
        return 1.0
    raw = span / max(parts, 1)
    power = 10 ** math.floor(math.log10(raw))
    for s in steps:
        if s * power >= raw - 1e-12:
            return s * power
    return 10 * power


# Rough advance widths in em of DejaVu Sans Bold (the widest of the FONT list, so a label
# measured with them fits in the others too); characters not listed count as AVERAGE.
NARROW, SEMI, WIDE, AVERAGE = ".,:;'!|ijl ", "frt/-()", "mwMW@", 0.7
NARROW_EM, SEMI_EM, WIDE_EM, UPPER_EM, DIGIT_EM = 0.36, 0.5, 1.05, 0.8, 0.7


def text_width(text: str, size: float = 12) -> float:
    """About how wide ``text`` is drawn at ``size`` px in bold (a little more than it is)."""
    em = 0.0
    for c in text:
        if c in NARROW:
            em += NARROW_EM
        elif c in SEMI:
            em += SEMI_EM
        elif c in WIDE:
            em += WIDE_EM
        elif c.isdigit():
            em += DIGIT_EM
        elif c.isupper():
            em += UPPER_EM
        else:
            em += AVERAGE
    return em * size


def fit(text: str, width: float, size: float = 12) -> str:
    """``text`` cut (with "…") so that it is at most ``width`` px wide at ``size``."""
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip(" /-,") + "…"


def _frame(ident: str, width: int, height: int, title: str, desc: str, body: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" id="{_e(ident)}" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
        f'aria-labelledby="{_e(ident)}-title {_e(ident)}-desc" '
        f'font-family="{FONT}" font-size="12" fill="{TEXT}">'
        f'<title id="{_e(ident)}-title">{_e(title)}</title>'
        f'<desc id="{_e(ident)}-desc">{_e(desc)}</desc>'
        + "".join(body) + "</svg>")


@dataclass(frozen=True)
class Series:
    """One entrant's line: a rank (or None while not ranked) per x position."""

    key: str
    label: str  # the line's tooltip
    points: Sequence[float | None]
    tag: str = ""  # the name at the end of a highlighted line (default: the label)


def _label_positions(wanted: list[float], gap: float, low: float, high: float) -> list[float]:
    """Move labels apart (keeping their order) so that none overlaps the next."""
    placed: list[float] = []
    for y in wanted:
        placed.append(max(y, placed[-1] + gap) if placed else max(y, low))
    overflow = placed[-1] - high if placed else 0
    if overflow > 0:  # pushed past the bottom: shift back up as far as the top allows
        placed = [y - overflow for y in placed]
        for i in range(1, len(placed)):
            placed[i] = max(placed[i], placed[i - 1] + gap)
        placed = [max(y, low) if i == 0 else y for i, y in enumerate(placed)]
    return placed


RANK_RIGHT = 230  # the right margin of a rank chart, where the names of the leaders stand
RANK_LABEL_AT = 16  # a name starts this far right of the last round
# The widest name at the end of a line: the margin less the gap, a rank ("12. ") and air.
RANK_TAG_AIR = RANK_LABEL_AT + 4 + text_width("999. ")


def rank_lines(series: Sequence[Series], x_labels: Sequence[str], *, title: str, desc: str,
               x_label: str, y_label: str, highlight: Sequence[str] = (),
               chosen: str | None = None, chosen_note: str = "", ident: str = "ranks",
               width: int = 760, height: int = 380) -> SafeString:
    """Rank over rounds, one ``<polyline>`` per entrant; rank 1 at the top.

    Readable with hundreds of lines: everyone is a thin grey line, the
    ``highlight`` keys (the leaders) get colours, markers and a name at the end,
    and ``chosen`` (the one a reader picked) is drawn last, black and thick, with
    ``chosen_note`` added to the description. The chosen line is laid over the
    finished chart by :func:`choose`, so a page can keep one rendering of the chart
    per tournament version and mark a reader's choice in it cheaply.
    """
    left, right, top, bottom = 52, RANK_RIGHT, 16, 48
    plot_w, plot_h = width - left - right, height - top - bottom
    max_rank = max([int(p) for s in series for p in s.points if p is not None] or [1])
    n_x = len(x_labels)

    def x_at(i: int) -> float:
        return left + (plot_w / 2 if n_x <= 1 else plot_w * i / (n_x - 1))

    def y_at(rank: float) -> float:
        return top + (0 if max_rank <= 1 else plot_h * (rank - 1) / (max_rank - 1))

    body: list[str] = []
    # grid and the rank axis (1 at the top; round steps in between)
    step = max(1, int(nice_step(max_rank - 1, 8, (1, 2, 5))))
    ticks = sorted({1, *range(step, max_rank, step), max_rank})
    if len(ticks) > 2 and ticks[-1] - ticks[-2] < step / 2:
        ticks.pop(-2)  # keep the last rank, drop its crowded neighbour
    for r in ticks:
        gy = _n(y_at(r))  # a grid line's height as written
        body.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{gy}" y2="{gy}" '
                    f'stroke="{GRID}" stroke-width="1"/>')
        body.append(f'<text x="{left - 6}" y="{gy}" text-anchor="end" '
                    f'dominant-baseline="middle" fill="{MUTED}">{r}</text>')
    stride = max(1, math.ceil(n_x * 34 / max(plot_w, 1)))
    for i, label in enumerate(x_labels):
        x = _n(x_at(i))
        body.append(f'<line x1="{x}" x2="{x}" y1="{top}" y2="{top + plot_h}" '
                    f'stroke="{GRID}" stroke-width="1"/>')
        if i % stride == 0 or i == n_x - 1:
            body.append(f'<text x="{x}" y="{top + plot_h + 18}" text-anchor="middle" '
                        f'fill="{MUTED}">{_e(label)}</text>')
    body.append(f'<text x="{left + plot_w / 2:.0f}" y="{height - 8}" text-anchor="middle" '
                f'font-weight="bold">{_e(x_label)}</text>')
    body.append(f'<text transform="translate(14 {top + plot_h / 2:.0f}) rotate(-90)" '
                f'text-anchor="middle" font-weight="bold">{_e(y_label)}</text>')

    colours = {key: PALETTE[i % len(PALETTE)] for i, key in enumerate(highlight)}
    ordered = ([s for s in series if s.key not in colours]
               + [s for s in series if s.key in colours])
    labels: list[tuple[float, str, str]] = []  # (wanted y, text, colour)
    # the widest name at the end of a line: from the last round to the chart's edge, less
    # the gap, a rank ("12. ") and air (one round: its line stands in the middle)
    tag_room = width - (x_at(n_x - 1) if n_x else left) - RANK_TAG_AIR
    for s in ordered:
        pts = [(x_at(i), y_at(p)) for i, p in enumerate(s.points) if p is not None]
        coords = " ".join(f"{_n(x)},{_n(y)}" for x, y in pts)
        last = next((int(p) for p in reversed(s.points) if p is not None), "")
        colour = colours.get(s.key)
        short = fit(s.tag or s.label, tag_room)  # never cut off at the chart's edge
        tag = _e(short)
        if colour is None:
            body.append(f'<polyline points="{coords}" fill="none" stroke="{REST}" '
                        f'stroke-width="0.8" stroke-opacity="0.55" stroke-linejoin="round" '
                        f'data-entrant="{_e(s.key)}" data-rank="{last}" data-tag="{tag}">'
                        f'<title>{_e(s.label)}</title></polyline>')
            continue
        body.append(f'<polyline points="{coords}" fill="none" stroke="{colour}" '
                    f'stroke-width="2.2" stroke-linejoin="round" '
                    f'data-entrant="{_e(s.key)}" data-rank="{last}" data-tag="{tag}" '
                    f'class="highlight"><title>{_e(s.label)}</title></polyline>')
        body.extend(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="3" fill="{colour}"/>'
                    for x, y in pts)
        if pts:
            labels.append((pts[-1][1], f"{last}. {short}", colour))
    labels.sort(key=lambda item: item[0])
    spots = _label_positions([y for y, _, _ in labels], 14, top + 4, top + plot_h)
    x_end = x_at(n_x - 1) if n_x else left
    for (wanted, text, colour), y in zip(labels, spots, strict=True):
        if abs(wanted - y) > 1:  # moved apart from its line: a leader line shows where it belongs
            body.append(f'<line x1="{_n(x_end + 4)}" y1="{_n(wanted)}" x2="{_n(x_end + 14)}" '
                        f'y2="{_n(y)}" stroke="{colour}" stroke-width="1"/>')
        body.append(f'<text x="{_n(x_end + RANK_LABEL_AT)}" y="{_n(y)}" dy="4" '
                    f'fill="{colour}" font-weight="bold">{_e(text)}</text>')
    chart = _frame(ident, width, height, title, desc, body)
    if chosen is not None:
        chart = choose(chart, chosen, chosen_note)
    return mark_safe(chart)


_ATTR = re.compile(r'([\w-]+)="([^"]*)"')


def choose(svg: str, key: str, note: str = "") -> str:
    """A rank chart of :func:`rank_lines` with the line of ``key`` drawn on top, black and
    thick (dashed if it is a leader's), with its markers and its name at the end, and
    ``note`` added to the description. Linear in the chart's text, nothing recomputed.

    The line itself moves to the top (so there is still one line per entrant); a chart
    without that line is returned unchanged.
    """
    at = svg.find(f' data-entrant="{_e(key)}" ')
    start = svg.rfind("<polyline ", 0, at)
    end = svg.find("</polyline>", at)
    if at < 0 or start < 0 or end < 0:
        return svg
    end += len("</polyline>")
    line = svg[start:end]
    attrs = dict(_ATTR.findall(line[:line.index(">")]))
    leader = attrs.get("class") == "highlight"
    inner = line[line.index(">") + 1:-len("</polyline>")]  # its <title>
    pts = [tuple(float(v) for v in p.split(",")) for p in attrs.get("points", "").split()]
    dash = ' stroke-dasharray="6 3"' if leader else ""
    overlay = [f'<polyline points="{attrs.get("points", "")}" fill="none" stroke="{CHOSEN}" '
               f'stroke-width="3" stroke-linejoin="round"{dash} '
               f'data-entrant="{attrs["data-entrant"]}" data-rank="{attrs.get("data-rank", "")}"'
               f' data-tag="{attrs.get("data-tag", "")}" class="highlight">{inner}</polyline>']
    overlay += [f'<circle cx="{_n(x)}" cy="{_n(y)}" r="3" fill="{CHOSEN}"/>' for x, y in pts]
    box = re.search(r'viewBox="0 0 (\d+) (\d+)"', svg)
    if pts and box is not None and not leader:  # a leader's name is at its end already
        x_end = int(box.group(1)) - RANK_RIGHT
        tag = _e(fit(unescape(attrs.get("data-tag", "")), RANK_RIGHT - RANK_TAG_AIR))
        overlay.append(f'<text x="{_n(x_end + RANK_LABEL_AT)}" y="{_n(pts[-1][1])}" dy="4" '
                       f'fill="{CHOSEN}" font-weight="bold">{attrs.get("data-rank", "")}. '
                       f'{tag}</text>')
    out = svg[:start] + svg[end:]
    close = out.rfind("</svg>")
    out = out[:close] + "".join(overlay) + out[close:]
    if note:
        out = out.replace("</desc>", f" {_e(note)}</desc>", 1)
    return out


@dataclass(frozen=True)
class Bar:
    label: str  # what the bar counts, e.g. "12" or "100 to under 200"
    count: int


def histogram(bars: Sequence[Bar], *, title: str, desc: str, x_label: str, y_label: str,
              edges: Sequence[str] | None = None, ident: str = "histogram",
              width: int = 760, height: int = 300) -> SafeString:
    """Bars side by side; ``edges`` (one more than bars) labels the bin boundaries instead.

    Discrete values (Bobbl, chess points) get a label under each bar; ranges of a
    continuous value get their boundaries on the axis, as a histogram reads.
    """
    axis_labels = list(edges) if edges else [b.label for b in bars]
    # the last boundary label is centred on the plot's right edge: room for its half
    last = text_width(axis_labels[-1]) / 2 + 4 if edges and axis_labels else 0
    left, right, top, bottom = 52, max(16, math.ceil(last)), 16, 52
    plot_w, plot_h = width - left - right, height - top - bottom
    peak = max([b.count for b in bars] or [0])
    step = max(1, int(nice_step(peak, 5, (1, 2, 5))))
    y_max = max(step, math.ceil(peak / step) * step)

    def y_at(count: float) -> float:
        return top + plot_h * (1 - count / y_max)

    body: list[str] = []
    for c in range(0, y_max + 1, step):
        gy = _n(y_at(c))  # a grid line's height as written
        body.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{gy}" y2="{gy}" '
                    f'stroke="{GRID}" stroke-width="1"/>')
        body.append(f'<text x="{left - 6}" y="{gy}" text-anchor="end" '
                    f'dominant-baseline="middle" fill="{MUTED}">{c}</text>')
    n = len(bars)
    slot = plot_w / max(n, 1)
    gap = 0 if edges else min(6.0, slot * 0.2)
    for i, b in enumerate(bars):
        x = left + i * slot + gap / 2
        y = y_at(b.count)
        body.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(max(slot - gap, 1))}" '
                    f'height="{_n(top + plot_h - y)}" fill="{BAR}" stroke="#ffffff" '
                    f'stroke-width="{1 if edges else 0}"><title>{_e(b.label)}: {b.count}'
                    f'</title></rect>')
        if b.count and slot >= 16:
            body.append(f'<text x="{_n(x + (slot - gap) / 2)}" y="{_n(y - 4)}" '
                        f'text-anchor="middle" font-size="10" fill="{MUTED}">{b.count}</text>')
    widest = max([len(s) for s in axis_labels] or [1])
    spacing = plot_w / max(len(axis_labels) - (1 if edges else 0), 1)
    stride = max(1, math.ceil(widest * 7 / max(spacing, 1)))
    for i, text in enumerate(axis_labels):
        if i % stride and i != len(axis_labels) - 1:
            continue
        x = left + i * slot if edges else left + i * slot + slot / 2
        body.append(f'<text x="{_n(x)}" y="{top + plot_h + 16}" text-anchor="middle" '
                    f'fill="{MUTED}">{_e(text)}</text>')
    body.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{top + plot_h}" '
                f'y2="{top + plot_h}" stroke="{TEXT}" stroke-width="1"/>')
    body.append(f'<text x="{left + plot_w / 2:.0f}" y="{height - 10}" text-anchor="middle" '
                f'font-weight="bold">{_e(x_label)}</text>')
    body.append(f'<text transform="translate(14 {top + plot_h / 2:.0f}) rotate(-90)" '
                f'text-anchor="middle" font-weight="bold">{_e(y_label)}</text>')
    return mark_safe(_frame(ident, width, height, title, desc, body))
