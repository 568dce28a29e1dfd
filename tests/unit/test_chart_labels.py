"""Chart labels stay inside the chart: long pair names at the end of a rank line, the last
boundary of a histogram (issue 16: labels cut off on the statistics page)."""

from __future__ import annotations

import re

from tournaments.charts import (
    Bar,
    Series,
    choose,
    fit,
    histogram,
    rank_lines,
    text_width,
)

TEXT = re.compile(r"<text ([^>]*)>([^<]+)</text>")
ATTR = re.compile(r'([\w-]+)="([^"]*)"')
LONG = ["Maximilian Müller-Lüdenscheidt / Wilhelmine Oberhuber", "Tanja Frank / Tanja Wolf",
        "Dieter Koch / Dieter Schmidt", "WWWWWWWWWWWWWWWWWWWWWWWWWW", "Al"]


def right_ends(svg: str) -> list[tuple[float, str]]:
    ends = []
    for attrs, text in TEXT.findall(svg):
        a = dict(ATTR.findall(attrs))
        if "x" not in a:  # a rotated axis title
            continue
        anchor, w = a.get("text-anchor", "start"), text_width(text.replace("&amp;", "&"))
        ends.append((float(a["x"]) + (w / 2 if anchor == "middle" else 0 if anchor == "end"
                                      else w), text))
    return ends


def test_names_at_the_end_of_rank_lines_fit_the_chart():
    series = [Series(str(k), name, [k + 1, 5 - k]) for k, name in enumerate(LONG)]
    svg = rank_lines(series, ["R1", "R2"], title="t", desc="d", x_label="Runde",
                     y_label="Platz", highlight=[s.key for s in series], width=760)
    for end, text in right_ends(svg):
        assert end <= 760, (text, end)
    assert "Tanja Frank / Tanja Wolf" in svg  # short enough: whole
    assert "Maximilian Müller-Lüdenscheidt / Wilhelmine Oberhuber" not in svg.split("<title")[0]
    # a reader's choice drawn over the chart fits as well
    chosen = choose(rank_lines(series, ["R1", "R2"], title="t", desc="d", x_label="x",
                               y_label="y", highlight=[]), "0")
    for end, text in right_ends(chosen):
        assert end <= 760, (text, end)


def test_fit_cuts_only_what_is_too_wide():
    assert fit("Sepp", 100) == "Sepp"
    cut = fit("Maximilian Müller-Lüdenscheidt", 100)
    assert cut.endswith("…") and text_width(cut) <= 100


def test_the_last_histogram_boundary_fits():
    edges = ["0", "2500", "5000", "7500", "10000"]
    svg = histogram([Bar("a", 1), Bar("b", 2), Bar("c", 3), Bar("d", 1)], title="t", desc="d",
                    x_label="Punkte", y_label="Anzahl", edges=edges, width=760)
    for end, text in right_ends(svg):
        assert end <= 760, (text, end)
