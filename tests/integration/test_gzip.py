"""Pages go over the hall's Wi-Fi gzipped; the live blocks are not compressed twice."""

from __future__ import annotations

import gzip

from django.urls import reverse


def test_the_public_page_is_gzipped(client, make_tournament):
    t = make_tournament("chess", entrants=8)
    url = reverse("public:tournament", args=[t.slug])
    plain = client.get(url)
    zipped = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert "Content-Encoding" not in plain
    assert zipped["Content-Encoding"] == "gzip"
    assert len(zipped.content) < len(plain.content)
    html = gzip.decompress(zipped.content).decode()
    assert t.name in html and 'id="standings"' in html


def test_the_desk_answer_is_gzipped(desk_client, make_tournament):
    t = make_tournament("mucken", entrants=3)  # the desk role comes with it
    zipped = desk_client.get(reverse("desk:tournament", args=[t.slug]),
                             HTTP_ACCEPT_ENCODING="gzip")
    assert zipped.status_code == 200 and zipped["Content-Encoding"] == "gzip"
    assert "csrfmiddlewaretoken" in gzip.decompress(zipped.content).decode()


def test_a_live_block_is_gzipped_once(client, make_tournament):
    t = make_tournament("chess", entrants=8)
    url = reverse("public:standings", args=[t.slug])
    plain = client.get(url).content
    zipped = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert zipped["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.content) == plain  # one layer, not two
