"""Round-trip every Dutch reference file through a fresh database: TRF -> import -> export -> TRF.

    .venv/bin/python tools/trf_roundtrip.py [-h] [--states] [FILES...]

Default: all of ``fixtures/dutch/*.trf``, ``dutch-accel/*.trf`` and ``dutch-large/*.trf.gz`` (but
the 9,999 players of ``p9999``, more than a tournament of the app may have). Each
file is imported with :func:`tournaments.chess.trf.import_trf` into a new SQLite
database in a temporary directory, exported with ``export_trf``, and both are
compared by meaning (``trf_differences``). Prints every difference, then
"N/N files round-trip" and the time; exit 1 if any file differs or is refused, exit 2
(with the file named, before anything is imported) if a file cannot be read.

``--states`` also checks, for every round r, that the pairing engine's view built
from the database (``state_before_round(tournament_trf(t, r - 1), r)``) equals the
one built from the file in everything a pairing can depend on
(``SwissState.pairing_view``: not names, ratings or how the file spells bye points):
the converter then gives the engine the file.
"""

from __future__ import annotations

import argparse
import gzip
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pairing.swiss import SwissState

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


def default_files() -> list[Path]:
    # p9999 (the pairing benchmark's 9,999 players) is beyond what a tournament of the app
    # may hold (tournaments.services.limits.MAX_ENTRANTS): pairing data only.
    return (sorted((FIXTURES / "dutch").glob("*.trf"))
            + sorted((FIXTURES / "dutch-accel").glob("*.trf"))
            + sorted(p for p in (FIXTURES / "dutch-large").glob("*.trf.gz")
                     if p.name != "p9999.trf.gz"))


def view_difference(a: SwissState, b: SwissState) -> str:
    """The first thing two pairing views disagree on, in a few words."""
    for name in ("round", "total_rounds", "initial_colour", "points", "forbidden", "ranking"):
        if getattr(a, name) != getattr(b, name):
            return f"{name}: {getattr(a, name)!r} != {getattr(b, name)!r}"
    theirs = {p.number: p for p in b.players}
    for p in a.players:
        if p != theirs.get(p.number):
            return f"player {p.number}: {p!r} != {theirs.get(p.number)!r}"
    return "the players"


def read_texts(files: list[Path]) -> list[tuple[Path, str]] | str:
    """Every file's text (``.gz`` unpacked), or why one of them cannot be read."""
    from pairing.trf import decode

    texts = []
    for path in files:
        try:
            data = path.read_bytes()
            if path.suffix == ".gz":
                data = gzip.decompress(data)
        except (OSError, EOFError) as exc:  # gzip.BadGzipFile is an OSError
            return f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}"
        texts.append((path, decode(data)))
    return texts


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="tools/trf_roundtrip.py", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--states", action="store_true",
                        help="also compare the pairing engine's view before every round")
    parser.add_argument("files", nargs="*", type=Path, help="TRF files (.trf or .trf.gz; "
                        "default: the reference files in fixtures/)")
    args = parser.parse_args(argv)
    states = args.states
    sys.path.insert(0, str(ROOT))
    texts = read_texts(args.files or default_files())
    if isinstance(texts, str):
        print(f"error: {texts}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/roundtrip.sqlite3"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        import django

        django.setup()
        from django.core.management import call_command

        from pairing.trf import read, state_before_round
        from tournaments.disciplines.chess.trf import (
            export_trf,
            import_trf,
            tournament_trf,
            trf_differences,
        )
        from tournaments.services import Actor, ServiceError

        call_command("migrate", verbosity=0)
        actor = Actor(None, "tools/trf_roundtrip.py")
        start = time.perf_counter()
        good = 0
        for path, text in texts:
            try:
                t = import_trf(text, actor)
                original = read(text)
                diffs = trf_differences(original, read(export_trf(t)))
                last = original.rounds_paired + (original.rounds_paired < (
                    original.total_rounds or 0))  # and the next round, if there is one
                for r in range(1, last + 1) if states else ():
                    mine = state_before_round(tournament_trf(t, r - 1), r).pairing_view()
                    theirs = state_before_round(original, r).pairing_view()
                    if mine != theirs:
                        diffs.append(f"round {r}: the engine's view differs "
                                     f"({view_difference(theirs, mine)})")
            except ServiceError as exc:
                diffs = [f"refused: {exc}"]
            if diffs:
                print(f"{path.name}: {len(diffs)} difference(s)")
                for d in diffs[:10]:
                    print(f"  {d}")
            else:
                good += 1
        seconds = time.perf_counter() - start
    print(f"{good}/{len(texts)} files round-trip ({seconds:.1f} s)")
    return 0 if good == len(texts) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
