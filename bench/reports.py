"""What the director's PDFs cost: score pads, standings and certificates of a club evening
(the issue "Seven evenings tried as a new user would", item 10: score pads took 10.6 s).

    .venv/bin/python bench/reports.py                          # every discipline, 40 entrants
    .venv/bin/python bench/reports.py --discipline mucken --entrants 60 --repeat 3

A throw-away SQLite database in a temporary folder (as ``make run``: DEBUG, SQLite, tasks in
the process). For each discipline one tournament with round 1 drawn; each PDF is rendered the
way the task renders it (:func:`tournaments.services.reports.render_html`, then
:func:`~tournaments.services.reports.write_pdf`), timed in two parts: the HTML (templates,
database, QR codes) and the PDF (WeasyPrint's layout). Each line gives the median of
``--repeat`` runs, the CPU time of this process (it hardly changes with other load on the
machine, unlike the wall time), the pages and the size of the PDF. The goal: under 100 ms of
CPU per page, 1 s for a PDF of up to ten pages (a 20-table pad under 2 s). Before the fix,
dotted tally lines drew every dot as a circle: the Mucken pad took 4.45 s of CPU for 20 pages
and 5.2 MB.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GOAL_MS_PER_PAGE = 100
DISCIPLINES = ("mucken", "pussi", "skat", "doppelkopf", "schafkopf", "boardgame", "chess",
               "tabletop")


def pdf_pages(pdf: bytes) -> int:
    """The page count as poppler's ``pdfinfo`` reads it (WeasyPrint compresses the page
    tree); 0 without poppler."""
    try:
        out = subprocess.run(["pdfinfo", "-"], input=pdf, capture_output=True, timeout=60,
                             check=True).stdout.decode()
    except (OSError, subprocess.SubprocessError):
        return 0
    found = re.search(r"^Pages:\s+(\d+)", out, re.M)
    return int(found.group(1)) if found else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--discipline", choices=DISCIPLINES, action="append")
    parser.add_argument("--entrants", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--kind", action="append",
                        help="score_sheets, standings, certificates … (default: those three)")
    parser.add_argument("--save", metavar="FOLDER", help="keep the PDFs there")
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="tw-bench-reports-")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DJANGO_DEBUG"] = "1"  # as make run
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.utils import translation

    settings.MEDIA_ROOT = folder
    call_command("migrate", verbosity=0)

    from tournaments import services
    from tournaments.models import Report
    from tournaments.services import Actor, report_kinds
    from tournaments.services.reports import render_html, write_pdf

    user = get_user_model().objects.create_superuser("bench", password="bench-bench-bench")
    boss = Actor(user, "bench")
    kinds = args.kind or ["score_sheets", "standings", "certificates"]
    worst = 0.0
    translation.activate("de")
    for discipline in args.discipline or DISCIPLINES:
        kind_of_entrant = "pair" if discipline == "mucken" else "single"
        t = services.create_tournament(boss, f"Bench {discipline}", discipline, kind_of_entrant)
        for i in range(1, args.entrants + 1):
            people = ([{"name": f"Spieler {i:03d}a"}, {"name": f"Spieler {i:03d}b"}]
                      if kind_of_entrant == "pair" else [{"name": f"Spieler {i:03d}"}])
            services.register(t, boss, [{**p, "club": f"Club {i % 7}"} for p in people],
                              status="present")
        t.refresh_from_db()
        services.draw_round(t, boss, seed="bench")
        own = {k.name for k in report_kinds.own_kinds(t)}
        for kind in kinds:
            if kind not in own:
                continue
            layouts: list[str | None] = [None]
            spec = report_kinds.kind_of(kind)
            if spec is not None and spec.layouts_for(t):
                layouts = list(spec.layouts_for(t))
            for layout in layouts:
                report = Report.objects.create(tournament=t, kind=kind, round_number=1,
                                               created_by=user)
                report.options = {"layout": layout} if layout else {}
                html_s, pdf_s, cpu_s, size = [], [], [], 0
                for _ in range(args.repeat):
                    start, start_cpu = time.perf_counter(), time.process_time()
                    html = render_html(report, "http://192.168.1.20:8000/")
                    middle = time.perf_counter()
                    pdf = write_pdf(html)
                    html_s.append(middle - start)
                    pdf_s.append(time.perf_counter() - middle)
                    cpu_s.append(time.process_time() - start_cpu)
                    size = len(pdf)
                if args.save:
                    name = f"{discipline}-{kind}{'-' + layout if layout else ''}.pdf"
                    (Path(args.save) / name).write_bytes(pdf)
                total = statistics.median(html_s) + statistics.median(pdf_s)
                cpu = statistics.median(cpu_s)
                pages = pdf_pages(pdf)
                worst = max(worst, 1000 * cpu / max(1000, GOAL_MS_PER_PAGE * pages))
                label = f"{discipline} {kind}{' ' + layout if layout else ''}"
                print(f"{label:<44} {statistics.median(html_s):6.2f} s HTML "
                      f"{statistics.median(pdf_s):6.2f} s PDF {total:6.2f} s wall "
                      f"{cpu:6.2f} s CPU {pages:4d} pages {size:10,} bytes", flush=True)
    print(f"goal {GOAL_MS_PER_PAGE} ms of CPU per page (1 s for a short PDF): "
          + ("met" if worst <= 1 else f"missed (worst {100 * worst:.0f} % of it)"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
