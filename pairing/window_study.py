"""How many moves the cleanup needs after a window draw: the seed's study, reproducible.

``python -m pairing window-study --entrants 20 --seats-per-table 2 --windows 1-5 --runs 100
--seed S [--svg PATH]`` draws all registrations with the window draw (no completely random
tables, never sequential), cleans up, and counts the entrants moved, ``--runs`` times per
window size. It prints JSON with, per window, the mean, median, quartiles, min and max.

Quartiles are ``statistics.quantiles(moves, n=4, method="inclusive")`` (linear
interpolation between order statistics, as numpy's default and Excel's QUARTILE.INC); the
median is the middle quartile. Run ``r`` of window ``k`` uses the seed ``f"{S}:{k}:{r}"``
for :func:`~pairing.window.draw_for_registrations`, so the same arguments give the same
output and a window's figures do not depend on which other windows are studied.

``--entrants`` and ``--seats-per-table`` also take comma lists (``20,40`` and ``2,4``) to
study several configurations at once; the JSON is then ``{"studies": [...]}`` and the SVG
(``--svg``, a hand-written box plot) gets one panel per configuration. Bad arguments:
``error: ...`` on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any, NoReturn

from .window import MAX_WINDOW, WindowSettings, cleanup, draw_for_registrations

PROG = "python -m pairing window-study"
KINDS = {2: "fixed pairs", 4: "single players"}


class ArgumentError(Exception):
    """A bad command line; main() reports it and returns 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # report via main(), never exit here
        raise ArgumentError(message)


def parse_windows(text: str) -> list[int]:
    """``1-5``, ``0,2,4`` or a mix (``0,2-4``) as a sorted list without repeats."""
    windows: set[int] = set()
    for part in text.split(","):
        low, dash, high = part.strip().partition("-")
        try:
            first = int(low)
            last = int(high) if dash else first
        except ValueError:
            raise ArgumentError(f"--windows: {text!r} is not like 1-5 or 0,2,4") from None
        if first > last:
            raise ArgumentError(f"--windows: {part.strip()!r} runs backwards")
        if first < 0 or last > MAX_WINDOW:
            raise ArgumentError(f"--windows: window sizes are 0..{MAX_WINDOW}, not {part!r}")
        windows.update(range(first, last + 1))
    return sorted(windows)


def _ints(option: str, text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",")]
    except ValueError:
        raise ArgumentError(f"{option}: {text!r} is not a number or comma list") from None


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Moves needed at cleanup after a window draw.")
    parser.add_argument("--entrants", default="20",
                        help="pairs or players registering (comma list allowed; default 20)")
    parser.add_argument("--seats-per-table", default="2",
                        help="2: fixed pairs, 4: single players (comma list allowed)")
    parser.add_argument("--windows", default="1-5", help="window sizes: 1-5 or 0,2,4")
    parser.add_argument("--runs", type=int, default=100, help="simulations per window")
    parser.add_argument("--seed", default="turnierwart", help="seed of all runs")
    parser.add_argument("--svg", type=Path, metavar="PATH", help="write a box plot here")
    return parser


def _number(x: float) -> float | int:
    """Whole numbers as ints in the JSON (a median of 2, not 2.0)."""
    return int(x) if float(x).is_integer() else round(x, 3)


def summary(moves: Sequence[int]) -> dict[str, float | int]:
    """Mean, inclusive quartiles, min and max of one window's runs."""
    if len(moves) > 1:
        q1, median, q3 = statistics.quantiles(moves, n=4, method="inclusive")
    else:  # Python 3.11's quantiles() wants two points
        q1 = median = q3 = moves[0]
    return {"mean": _number(statistics.fmean(moves)), "median": _number(median),
            "q1": _number(q1), "q3": _number(q3), "min": min(moves), "max": max(moves)}


def moves_needed(entrants: int, per_side: int, window: int, seed: str) -> int:
    """Entrants the cleanup moves after one simulated registration."""
    settings = WindowSettings(per_side=per_side, window=window)
    seats = draw_for_registrations(entrants, settings, seed)
    return len(cleanup(dict(enumerate(seats)), per_side).moves)


def study(entrants: int, seats_per_table: int, windows: Sequence[int], runs: int,
          seed: str) -> dict[str, Any]:
    """The study of one configuration as printed (see the module docstring)."""
    rows = []
    for k in windows:
        moves = [moves_needed(entrants, seats_per_table // 2, k, f"{seed}:{k}:{r}")
                 for r in range(runs)]
        rows.append({"window": k, "runs": runs, **summary(moves)})
    return {"windows": rows, "entrants": entrants, "seats_per_table": seats_per_table,
            "seed": seed}


def _configurations(args: argparse.Namespace) -> list[tuple[int, int]]:
    entrants = _ints("--entrants", args.entrants)
    seats = _ints("--seats-per-table", args.seats_per_table)
    if len(entrants) != len(seats) and 1 not in (len(entrants), len(seats)):
        raise ArgumentError("--entrants and --seats-per-table need lists of the same length")
    count = max(len(entrants), len(seats))
    configs = list(zip(entrants * count if len(entrants) == 1 else entrants,
                       seats * count if len(seats) == 1 else seats, strict=False))
    for n, s in configs:
        if s not in KINDS:
            raise ArgumentError(f"--seats-per-table: 2 (fixed pairs) or 4 (single players), "
                                f"not {s}")
        if n < s or n % s:
            raise ArgumentError(f"--entrants: {n} does not fill whole tables of {s}")
    return configs


# ---- the box plot -------------------------------------------------------------------------

PANEL_W, PLOT_H = 380, 240  # a panel's width, its plot area's height
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 70, 84  # margins around the plot area; caption below
INK, BOX, MEAN = "#222", "#cfe0f3", "#c0392b"


def _panel(result: dict[str, Any], x0: float, y_max: int) -> list[str]:
    n, s = result["entrants"], result["seats_per_table"]
    left, right = x0 + LEFT, x0 + PANEL_W - RIGHT
    top, bottom = TOP, TOP + PLOT_H
    rows = result["windows"]

    def y(v: float) -> float:
        return bottom - (bottom - top) * v / y_max

    step = (right - left) / max(len(rows), 1)
    out = [f'<text x="{(left + right) / 2:.1f}" y="{top - 12}" text-anchor="middle" '
           f'font-weight="bold">{escape(KINDS[s])}: {n} entrants, {n // s} tables</text>',
           f'<rect x="{left}" y="{top}" width="{right - left:.1f}" height="{bottom - top}" '
           f'fill="none" stroke="{INK}"/>']
    tick = 1 if y_max <= 10 else 2 if y_max <= 20 else 5
    for v in range(0, y_max + 1, tick):
        out.append(f'<line x1="{left - 4}" x2="{right:.1f}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
                   f'stroke="#ddd"/>' if v else "")
        out.append(f'<text x="{left - 7}" y="{y(v) + 4:.1f}" text-anchor="end">{v}</text>')
    for i, row in enumerate(rows):
        cx = left + step * (i + 0.5)
        half = min(step * 0.28, 26)
        out += [
            f'<text x="{cx:.1f}" y="{bottom + 18}" text-anchor="middle">+{row["window"]}</text>',
            f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y(row["min"]):.1f}" y2="{y(row["q1"]):.1f}" '
            f'stroke="{INK}"/>',
            f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y(row["q3"]):.1f}" y2="{y(row["max"]):.1f}" '
            f'stroke="{INK}"/>',
        ]
        for v in (row["min"], row["max"]):
            out.append(f'<line x1="{cx - half / 2:.1f}" x2="{cx + half / 2:.1f}" '
                       f'y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="{INK}"/>')
        height = max(y(row["q1"]) - y(row["q3"]), 0)
        out += [
            f'<rect x="{cx - half:.1f}" y="{y(row["q3"]):.1f}" width="{2 * half:.1f}" '
            f'height="{height:.1f}" fill="{BOX}" stroke="{INK}"/>',
            f'<line x1="{cx - half:.1f}" x2="{cx + half:.1f}" y1="{y(row["median"]):.1f}" '
            f'y2="{y(row["median"]):.1f}" stroke="{INK}" stroke-width="3"/>',
        ]
        m, r = y(row["mean"]), 5
        out.append(f'<path d="M{cx - r:.1f},{m - r:.1f} L{cx + r:.1f},{m + r:.1f} '
                   f'M{cx - r:.1f},{m + r:.1f} L{cx + r:.1f},{m - r:.1f}" stroke="{MEAN}" '
                   f'stroke-width="2"><title>mean {row["mean"]}</title></path>')
    out += [f'<text x="{(left + right) / 2:.1f}" y="{bottom + 40}" text-anchor="middle">'
            'window (+k tables)</text>',
            f'<text transform="translate({x0 + 18},{(top + bottom) / 2:.1f}) rotate(-90)" '
            'text-anchor="middle">moves needed at cleanup</text>']
    return [line for line in out if line]


def box_plot(results: Sequence[dict[str, Any]]) -> str:
    """A box plot per configuration, side by side on one scale (whiskers: min and max)."""
    y_max = max(max(row["max"] for row in r["windows"]) for r in results) + 1
    width, height = PANEL_W * len(results), TOP + PLOT_H + BOTTOM
    runs = sorted({row["runs"] for r in results for row in r["windows"]})
    seeds = sorted({r["seed"] for r in results})
    caption = (f"{'/'.join(map(str, runs))} runs per window, seed {', '.join(seeds)}; "
               "box: quartiles (inclusive), thick line: median, whiskers: min–max, × mean")
    body = [line for i, r in enumerate(results) for line in _panel(r, i * PANEL_W, y_max)]
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif" '
        f'font-size="13" fill="{INK}">',
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
        '<text x="16" y="22" font-size="15" font-weight="bold">Moves needed at cleanup after '
        'the window draw</text>',
        f'<text x="{width - 16}" y="{height - 10}" text-anchor="end" font-size="11" '
        f'fill="#555">{escape(caption)}</text>',
        *body,
        "</svg>",
        "",
    ])


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        configs = _configurations(args)
        windows = parse_windows(args.windows)
        if args.runs < 1:
            raise ArgumentError(f"--runs must be 1 or more, not {args.runs}")
    except ArgumentError as e:
        parser.print_usage(sys.stderr)
        print(f"error: {e}", file=sys.stderr)
        return 2
    except SystemExit as e:  # --help
        return e.code if isinstance(e.code, int) else 0
    results = [study(n, s, windows, args.runs, args.seed) for n, s in configs]
    if args.svg is not None:
        try:
            args.svg.write_text(box_plot(results), encoding="utf-8")
        except OSError as e:
            print(f"error: cannot write {args.svg}: {e.strerror or e}", file=sys.stderr)
            return 2
    print(json.dumps(results[0] if len(results) == 1 else {"studies": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
