"""Pages and the desk's answers go over the hall's Wi-Fi gzipped (Django's GZipMiddleware,
``tournaments.middleware.GZipMiddleware``); the live blocks are not compressed twice, their
version ETags and 304s mean the same with gzip as without, and PDFs go as they are.

The header sequences a phone and a desk send are played here with the test client: gzip is
asked for, a block is polled with ``If-None-Match`` before and after a change, the desk signs
up by htmx. (Why gzip was once taken out again: docs/load.md, "Gzip for pages".)
"""

from __future__ import annotations

import gzip
import io

import pytest
from django.http import FileResponse, HttpResponse
from django.test import RequestFactory
from django.urls import reverse

from tournaments import services
from tournaments.middleware import GZipMiddleware
from tournaments.services import Actor

pytestmark = pytest.mark.django_db
GZ = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}
HX = {"HTTP_HX_REQUEST": "true"}


def body(response) -> str:
    """The HTML a browser sees: unpacked when it came gzipped, and as many bytes as said."""
    assert int(response["Content-Length"]) == len(response.content)
    raw = response.content
    if response.get("Content-Encoding") == "gzip":
        raw = gzip.decompress(raw)
    return raw.decode()


def test_the_public_page_is_gzipped_and_says_so_to_caches(client, make_tournament):
    t = make_tournament("chess", entrants=8)
    url = reverse("public:tournament", args=[t.slug])
    plain = client.get(url)
    zipped = client.get(url, **GZ)
    assert "Content-Encoding" not in plain
    assert zipped["Content-Encoding"] == "gzip"
    assert len(zipped.content) < len(plain.content)
    assert body(zipped) == body(plain)  # the same page: nothing of the visitor in it
    # a shared cache (the proxy) keeps the two codings apart, and may keep the page briefly
    for response in (plain, zipped):
        assert "Accept-Encoding" in response["Vary"]
        assert "public" in response["Cache-Control"]


def test_the_desk_page_and_its_sign_up_answer_are_gzipped_and_stay_private(
        desk_client, make_tournament):
    t = make_tournament("mucken", "pair", entrants=3)
    url = reverse("desk:tournament", args=[t.slug])
    page = desk_client.get(url, **GZ)
    assert page.status_code == 200 and page["Content-Encoding"] == "gzip"
    assert page["Cache-Control"] == "private, no-store"
    assert "csrfmiddlewaretoken" in body(page)
    answer = desk_client.post(url, {"p1_name": "Fritz", "p2_name": "Hans",
                                    "status": "present"}, **GZ, **HX)
    assert answer.status_code == 200 and answer["Content-Encoding"] == "gzip"
    assert answer["Cache-Control"] == "private, no-store"
    html = body(answer)
    assert 'hx-swap-oob="afterbegin:#desk-rows"' in html and "Fritz / Hans" in html
    assert t.entrants.count() == 4


def test_a_polled_block_is_gzipped_once_and_its_etag_follows_the_version(
        client, make_tournament, director, settings):
    """Plain and gzipped polls share one weak version ETag; a 304 only while nothing
    changed, the new block at once after a change (never a 304 for a changed list)."""
    settings.PUBLIC_RENDER_INTERVAL = 0  # every version rendered at once
    t = make_tournament("chess", entrants=4)
    url = reverse("public:standings", args=[t.slug])
    plain = client.get(url)
    zipped = client.get(url, **GZ)
    assert zipped["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.content) == plain.content  # one layer, not two
    tag = zipped["ETag"]
    assert tag == plain["ETag"] and tag.startswith('W/"')  # not touched by the middleware
    same = client.get(url, HTTP_IF_NONE_MATCH=tag, **GZ)
    assert same.status_code == 304 and same.content == b""
    assert "Content-Encoding" not in same and same["ETag"] == tag
    services.register(t, Actor(director, director.username), [{"name": "Nachzügler"}],
                      status="present")
    fresh = client.get(url, HTTP_IF_NONE_MATCH=tag, **GZ)
    assert fresh.status_code == 200 and fresh["Content-Encoding"] == "gzip"
    assert fresh["ETag"] != tag and "Nachzügler" in body(fresh)
    assert client.get(url, HTTP_IF_NONE_MATCH=fresh["ETag"], **GZ).status_code == 304


def test_a_pdf_goes_as_it_is_and_keeps_its_length():
    pdf = b"%PDF-1.7\n" + b"0" * 5000
    middleware = GZipMiddleware(lambda request: FileResponse(
        io.BytesIO(pdf), content_type="application/pdf"))
    response = middleware(RequestFactory().get("/r.pdf", **GZ))
    assert "Content-Encoding" not in response
    assert response["Content-Length"] == str(len(pdf))
    assert b"".join(response.streaming_content) == pdf


def test_a_page_without_gzip_in_accept_encoding_stays_plain():
    page = "<p>" + "Spielstand " * 100 + "</p>"
    middleware = GZipMiddleware(lambda request: HttpResponse(page))
    response = middleware(RequestFactory().get("/", HTTP_ACCEPT_ENCODING="identity"))
    assert "Content-Encoding" not in response and response.content.decode() == page
    assert "Accept-Encoding" in response["Vary"]
