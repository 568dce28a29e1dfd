"""Phones in the hall reach the server: PUBLIC_URL, `manage.py serve` beyond loopback, warnings.

Every absolute link that leaves the screen is built from ``PUBLIC_URL`` (or the request's
host); QR codes on the printed score sheets are decoded from the rendered PDF with a real QR
reader, so a wrong address on paper cannot pass.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from django.urls import reverse

from config.hall import BadPublicUrl, hall_url, is_loopback, lan_addresses, parse_public_url
from tournaments import services
from tournaments.models import Report, Table
from tournaments.services import Actor
from tournaments.services.prereg import set_prereg_open

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
PUBLIC = "http://10.1.2.3:8123"


@pytest.fixture
def chess(make_tournament, director):
    boss = Actor(director, director.username)
    t = make_tournament("chess", entrants=6, name="Hallenturnier")
    services.draw_round(t, boss, seed="halle")
    services.publish_round(t, boss, 1)
    return t


def decode_qr_codes(pdf: bytes, tmp_path: Path) -> list[str]:
    zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp (QR reader) is not installed")
    from PIL import Image

    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm is not installed (Debian: apt-get install poppler-utils)")
    (tmp_path / "sheets.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "150", str(tmp_path / "sheets.pdf"),
                    str(tmp_path / "page")], check=True, timeout=120)
    found = []
    for png in sorted(tmp_path.glob("page*.png")):
        with Image.open(png) as img:
            found += [code.text for code in zxingcpp.read_barcodes(img)]
    return found


def order_score_sheets(client, t, host: str, capture) -> bytes:
    """The director orders the score sheets on the reports page, as from ``host``."""
    with capture(execute=True):
        response = client.post(reverse("reports:list", args=[t.slug]),
                               {"kind": "score_sheets", "round_number": "1"}, HTTP_HOST=host)
    assert response.status_code == 302
    report = Report.objects.get(tournament=t)
    assert report.status == Report.Status.DONE, report.error
    with report.file.open("rb") as fh:
        return fh.read()


def test_score_sheet_qr_codes_carry_the_public_url(director_client, chess, settings, tmp_path,
                                                   eager_reports,
                                                   django_capture_on_commit_callbacks):
    settings.PUBLIC_URL = PUBLIC
    pdf = order_score_sheets(director_client, chess, "127.0.0.1:8000",
                             django_capture_on_commit_callbacks)
    tokens = set(Table.objects.filter(round__tournament=chess).values_list("token", flat=True))
    decoded = decode_qr_codes(pdf, tmp_path)
    assert sorted(decoded) == sorted(f"{PUBLIC}/c/{token}/" for token in tokens)


def test_without_public_url_the_qr_code_names_the_request_host(client, chess, settings):
    settings.PUBLIC_URL = ""
    settings.ALLOWED_HOSTS = ["192.168.1.20"]
    token = Table.objects.filter(round__tournament=chess).first().token
    svg = client.get(f"/c/{token}/qr.svg", HTTP_HOST="192.168.1.20:8000").content.decode()
    assert f"<title>http://192.168.1.20:8000/c/{token}/</title>" in svg
    settings.PUBLIC_URL = PUBLIC
    svg = client.get(f"/c/{token}/qr.svg", HTTP_HOST="192.168.1.20:8000").content.decode()
    assert f"<title>{PUBLIC}/c/{token}/</title>" in svg


def test_the_desk_shows_the_pre_registration_link_under_the_public_url(
        desk_client, make_tournament, settings):
    settings.PUBLIC_URL = PUBLIC
    t = make_tournament("mucken", "pair")
    set_prereg_open(t, Actor(None, "test"), True)
    page = desk_client.get(reverse("desk:tournament", args=[t.slug])).content.decode()
    assert f"{PUBLIC}/t/{t.slug}/prereg/" in page


WARNING = "Phones cannot open the QR codes yet"


@pytest.mark.parametrize("page", ["director:home", "director:tournament", "reports:list"])
def test_director_pages_warn_when_links_point_at_loopback(director_client, chess, settings,
                                                          page):
    settings.PUBLIC_URL = ""
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost", "192.168.1.20"]
    url = reverse(page) if page == "director:home" else reverse(page, args=[chess.slug])
    for host in ("127.0.0.1:8000", "localhost:8000"):
        text = director_client.get(url, HTTP_HOST=host).content.decode()
        assert WARNING in text and "make run HOST=0.0.0.0" in text, host
    assert WARNING not in director_client.get(url, HTTP_HOST="192.168.1.20:8000").content.decode()
    settings.PUBLIC_URL = "http://192.168.1.20:8000"
    assert WARNING not in director_client.get(url, HTTP_HOST="127.0.0.1:8000").content.decode()


# ------------------------------------------------------------------------ settings


@pytest.mark.parametrize(("value", "normalised"), [
    ("", ""), ("http://192.168.1.20:8000/", "http://192.168.1.20:8000"),
    ("https://turnier.example.org", "https://turnier.example.org"),
    ("http://[fd00::2]:8000", "http://[fd00::2]:8000")])
def test_public_url_is_normalised(value, normalised):
    assert parse_public_url(value) == normalised


@pytest.mark.parametrize("value", ["192.168.1.20:8000", "ftp://x", "http://x/sub/",
                                   "http://x:99999", "http://user@x", "http://"])
def test_a_bad_public_url_is_refused(value):
    with pytest.raises(BadPublicUrl):
        parse_public_url(value)


def settings_in_subprocess(env: dict[str, str], expr: str) -> subprocess.CompletedProcess:
    code = f"import config.settings as s; print({expr})"
    clean = {k: v for k, v in os.environ.items()
             if k not in ("ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "PUBLIC_URL")}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**clean, **env},
                          capture_output=True, text=True, timeout=60)


def test_allowed_hosts_and_csrf_origins_follow_the_public_url():
    out = settings_in_subprocess({"PUBLIC_URL": "https://turnier.example.org"},
                                 "s.ALLOWED_HOSTS, s.CSRF_TRUSTED_ORIGINS")
    assert out.returncode == 0, out.stderr
    assert "'turnier.example.org'" in out.stdout
    assert "['https://turnier.example.org']" in out.stdout
    explicit = settings_in_subprocess({"PUBLIC_URL": "https://a.example", "ALLOWED_HOSTS": "b",
                                       "CSRF_TRUSTED_ORIGINS": "https://b"},
                                      "s.ALLOWED_HOSTS, s.CSRF_TRUSTED_ORIGINS")
    assert explicit.stdout.strip() == "['b'] ['https://b']"


def test_a_bad_public_url_stops_the_start_with_its_reason():
    out = settings_in_subprocess({"PUBLIC_URL": "192.168.1.20:8000"}, "1")
    assert out.returncode != 0
    assert "PUBLIC_URL must look like http://192.168.1.20:8000" in out.stderr


def test_loopback_and_the_hall_address():
    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("[::1]")
    assert not is_loopback("192.168.1.20") and not is_loopback("turnier.example.org")
    assert hall_url("127.0.0.1", 8000) == "http://127.0.0.1:8000"
    assert hall_url("192.168.1.20", 8123) == "http://192.168.1.20:8123"


# ------------------------------------------------------------- the server itself


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("0.0.0.0", 0))
        return s.getsockname()[1]


def wait_for(url: str, seconds: float = 60) -> int:
    end = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return response.status
        except OSError:
            if time.monotonic() > end:
                raise
            time.sleep(0.3)


def start_server(tmp_path: Path, listen: str, extra_env: dict[str, str]) -> subprocess.Popen:
    env = {**{k: v for k, v in os.environ.items()
              if k not in ("PUBLIC_URL", "ALLOWED_HOSTS", "REDIS_URL")},
           "DATABASE_URL": f"sqlite:///{tmp_path / 'hall.sqlite3'}", "DJANGO_DEBUG": "1",
           **extra_env}
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env,
                   check=True, timeout=300)
    return subprocess.Popen([sys.executable, "manage.py", "serve", listen, "--noreload"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)


@pytest.mark.django_db(transaction=False)
def test_serve_on_all_addresses_answers_on_the_lan_address_and_says_so(tmp_path):
    addresses = lan_addresses()
    if not addresses:
        pytest.skip("this machine has no address beyond loopback")
    port = free_port()
    server = start_server(tmp_path, f"0.0.0.0:{port}", {})
    try:
        assert wait_for(f"http://{addresses[0]}:{port}/t/") == 200
        assert wait_for(f"http://127.0.0.1:{port}/t/") == 200
    finally:
        server.terminate()
        output = server.communicate(timeout=30)[0]
    assert re.search(rf"Phones in the hall: +http://{re.escape(addresses[0])}:{port}/", output)
    # the addresses come after everything the server prints while starting
    assert output.index("Turnierwart is ready") > output.index("Quit the server with")


@pytest.mark.django_db(transaction=False)
def test_serve_on_loopback_says_phones_cannot_reach_it(tmp_path):
    port = free_port()
    server = start_server(tmp_path, f"127.0.0.1:{port}", {})
    try:
        assert wait_for(f"http://127.0.0.1:{port}/t/") == 200
    finally:
        server.terminate()
        output = server.communicate(timeout=30)[0]
    assert "cannot reach this server yet" in output and "make run HOST=0.0.0.0" in output
