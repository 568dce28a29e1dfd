"""The hostile rating lists of the security review, read as the import reads them: time and
the reading process's peak memory (issue 25, finding 1; docs/security.md).

* a zip of one CSV line of 1,000 MB (about 1 MB packed);
* a zip of 26 million empty XML elements under a FIDE-looking root (about 100 KB packed);
* a zip holding a zip (a list must be one file of a known format).

Each probe runs in a fresh process (``--one``) so its peak memory is its own.

    .venv/bin/python bench/rating_list_probes.py
"""

from __future__ import annotations

import io
import json
import os
import resource
import subprocess
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
HEAD = b"ZPS,Mgl-Nr,Status,Spielername,Geschlecht,DWZ,Index\n"


def long_line() -> bytes:
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as z, \
            z.open("spieler.csv", "w", force_zip64=True) as member:
        member.write(HEAD + b"C0327,")
        chunk = b"x" * (1024 * 1024)
        for _ in range(1000):
            member.write(chunk)
        member.write(b"\n")
    return packed.getvalue()


def many_elements() -> bytes:
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as z, \
            z.open("players.xml", "w", force_zip64=True) as member:
        member.write(b"<playerslist>")
        chunk = b"<a/>" * 250_000
        for _ in range(104):
            member.write(chunk)
        member.write(b"</playerslist>")
    return packed.getvalue()


def nested() -> bytes:
    inner = long_line()
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("inner.zip", inner)
    return packed.getvalue()


PROBES = {"one line of 1,000 MB": long_line, "26 million XML elements": many_elements,
          "a zip in a zip": nested}


def one(name: str) -> dict[str, object]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from tournaments.disciplines.chess.rating_lists import readers, service

    data = PROBES[name]()
    start = time.perf_counter()
    outcome = "read to the end"
    try:
        with service.opened(io.BytesIO(data)) as (inner, _size):
            head = readers.peek(inner) if inner.seekable() else b""
            kind = readers.detect(head) if head else None
        if kind is None:
            outcome = "refused: not a list of a known format"
        else:
            with service.opened(io.BytesIO(data)) as (inner, _size):
                for _row in readers.rows(service.Counted(inner, service.MAX_UNPACKED), kind):
                    pass
    except readers.ListError as exc:
        outcome = f"refused: line {exc.line}: {exc.message}"
    return {"probe": name, "packed_kb": round(len(data) / 1024), "outcome": outcome,
            "seconds": round(time.perf_counter() - start, 2),
            "peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)}


def main() -> int:
    if len(sys.argv) > 2 and sys.argv[1] == "--one":
        print(json.dumps(one(sys.argv[2])))
        return 0
    print(f"{'probe':26} {'packed':>8} {'seconds':>8} {'peak MB':>8}  outcome")
    for name in PROBES:
        done = subprocess.run([sys.executable, __file__, "--one", name], cwd=ROOT,
                              capture_output=True, text=True, timeout=900, check=True)
        r = json.loads(done.stdout.strip().splitlines()[-1])
        print(f"{r['probe']:26} {r['packed_kb']:>6} KB {r['seconds']:>8} {r['peak_mb']:>8}  "
              f"{r['outcome'][:70]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
