"""The pairing command reads a TRF of bounded size (finding 6 of the attack on the server).

``python -m pairing`` read any file whole and unpacked a ``.gz`` whole: 20 KB of gzip
that unpack to gigabytes took the machine's memory. It now reads at most
``MAX_FILE_BYTES``, also unpacked, and says so with exit status 2.
"""

import gzip

from pairing.__main__ import main
from pairing.trf import MAX_FILE_BYTES


def test_a_gzip_that_unpacks_beyond_the_bound_is_refused_with_status_2(tmp_path, capsys):
    bomb = tmp_path / "bomb.trf.gz"
    with gzip.open(bomb, "wb") as out:
        chunk = b" " * 2**20
        for _ in range(MAX_FILE_BYTES // len(chunk) + 1):
            out.write(chunk)
    assert bomb.stat().st_size < 100_000
    assert main(["--dutch", "-c", str(bomb)]) == 2
    err = capsys.readouterr().err
    assert "bomb.trf.gz" in err and "larger than 20 MB unpacked" in err
    assert "Traceback" not in err


def test_a_plain_file_beyond_the_bound_is_refused_with_status_2(tmp_path, capsys):
    big = tmp_path / "big.trf"
    big.write_bytes(b"012 x\n" + b" " * MAX_FILE_BYTES)
    assert main(["--dutch", "-c", str(big)]) == 2
    assert "larger than 20 MB" in capsys.readouterr().err


def test_a_file_within_the_bound_is_still_read(tmp_path, capsys):
    trf = tmp_path / "ok.trf.gz"
    with gzip.open(trf, "wt") as out:
        out.write("012 Blitz\nXXR 1\n"
                  "001    1      Anna                              1800 GER"
                  "             1958/02/01  0.0    1\n"
                  "001    2      Bernd                             1700     "
                  "                        0.0    2\n")
    assert main(["--dutch", "-c", str(trf)]) == 0
