"""How long a FIDE-sized rating list takes to import, and how fast the desk searches it.

Writes a synthetic FIDE text list (fixed-width, FIDE's header; default 1,200,000 players,
about the size of FIDE's full list), imports it the way the background task does
(``rating_lists.service.run_import``) into a fresh database, and times 200 searches as the
desk types them (two to six letters of a surname, sometimes a first name).

    python bench/rating_lists.py                 # SQLite in a temporary folder
    python bench/rating_lists.py --postgres      # a scratch PostgreSQL database
    python bench/rating_lists.py --rows 200000   # a smaller list
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG = "postgres://postgres@127.0.0.1:5432"
DB_NAME = "turnierwart_bench_lists"
HEAD = ("ID Number      Name                                                         Fed Sex "
        "Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
SURNAMES = ["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker",
            "Schulz", "Hoffmann", "Kumar", "Singh", "Ivanov", "Smirnov", "Garcia", "Martinez",
            "Rossi", "Nowak", "Kowalski", "Nielsen", "Jensen", "Petrov", "Popescu", "Horvat"]
FIRST = ["Anna", "Hans", "Jakob", "Maria", "Ivan", "Olga", "Luis", "Sofia", "Arjun", "Priya",
         "Jan", "Eva", "Karl", "Lena", "Piotr", "Marta"]


def line(cells: dict[str, str]) -> str:
    out = [" "] * len(HEAD)
    for heading, value in cells.items():
        at = HEAD.index(heading)
        out[at:at + len(value)] = value
    return "".join(out).rstrip()


def write_list(path: Path, rows: int, rng: random.Random) -> None:
    with path.open("w", encoding="utf-8") as f:
        f.write(HEAD + "\n")
        for k in range(rows):
            name = f"{rng.choice(SURNAMES)}{rng.randrange(5000)}, {rng.choice(FIRST)}"
            f.write(line({"ID Number": str(100000 + k), "Name": name,
                          "Fed": rng.choice(["GER", "IND", "RUS", "ESP", "POL", "FRA"]),
                          "Sex": rng.choice("MF"), "SRtng": str(1000 + rng.randrange(1800)),
                          "B-day": str(1940 + rng.randrange(75))}) + "\n")


def setup(postgres: bool, folder: Path) -> None:
    if postgres:
        import psycopg

        with psycopg.connect(PG + "/postgres", autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
            conn.execute(f"CREATE DATABASE {DB_NAME}")
        url = f"{PG}/{DB_NAME}"
    else:
        url = f"sqlite:///{folder / 'bench.sqlite3'}"
    os.environ.update({"DATABASE_URL": url, "DJANGO_DEBUG": "0", "SECRET_KEY": "bench-key",
                       "MEDIA_ROOT": str(folder / "media"), "HTTPS": "0",
                       "DJANGO_SETTINGS_MODULE": "config.settings"})
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_200_000)
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args()
    rng = random.Random(7)
    with tempfile.TemporaryDirectory(prefix="lists-") as tmp:
        folder = Path(tmp)
        setup(args.postgres, folder)
        from django.core.files.base import File

        from tournaments.disciplines.chess.models import RatingList
        from tournaments.disciplines.chess.rating_lists import service

        source = folder / "players_list.txt"
        write_list(source, args.rows, rng)
        size = source.stat().st_size
        job = RatingList.objects.create(kind="fide", file_format="fide_txt",
                                        file_name=source.name, size=size)
        with source.open("rb") as f:
            job.upload.save("bench-fide", File(f), save=True)
        start = time.perf_counter()
        outcome = service.run_import(job.pk)
        seconds = time.perf_counter() - start
        job.refresh_from_db()
        print(f"database: {'PostgreSQL' if args.postgres else 'SQLite'}")
        print(f"import: {job.rows:,} players ({size / 1e6:.0f} MB text) in {seconds:.1f} s "
              f"= {job.rows / seconds:,.0f} rows/s ({outcome})")
        typed = [rng.choice(SURNAMES)[:rng.randrange(2, 7)]
                 + (f"{rng.randrange(5000)} {rng.choice(FIRST)[:3]}" if rng.random() < .3
                    else "") for _ in range(200)]
        times, hits = [], 0
        for q in typed:
            t0 = time.perf_counter()
            found = service.search(q)
            times.append((time.perf_counter() - t0) * 1000)
            hits += bool(found)
        times.sort()
        print(f"search: {len(typed)} queries, median {statistics.median(times):.1f} ms, "
              f"95th percentile {times[int(len(times) * .95)]:.1f} ms, max {times[-1]:.1f} ms "
              f"({hits} with results)")
    if args.postgres:
        import psycopg
        from django.db import connections

        connections.close_all()
        with psycopg.connect(PG + "/postgres", autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
