"""How refusals reach a screen reader (issue 31 #27).

- The login page: a refused login's message is announced (``role="alert"`` on a wrapper,
  so the list keeps its list role) and both fields are marked invalid and described by it.
- The desk (done before on main, held here): a refused sign-up's errors keep their list
  inside an alert, and every entrant row has its row header (the name, ``th scope=row``).
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = pytest.mark.django_db


def _inputs(html: str) -> dict[str, str]:
    return {m.group(1): m.group(0) for m in re.finditer(r'<input[^>]*name="(\w+)"[^>]*>', html)}


def test_a_refused_login_is_announced_and_marks_its_fields():
    get_user_model().objects.create_user("kasse", password="richtig-2026")
    r = Client().post("/accounts/login/", {"username": "kasse", "password": "falsch"},
                      REMOTE_ADDR="198.51.100.41", HTTP_ACCEPT_LANGUAGE="de")
    html = r.content.decode()
    assert r.status_code == 200
    alert = re.search(r'<div role="alert" id="login-error"><ul class="errorlist nonfield">'
                      r'<li>([^<]+)</li>', html)
    assert alert, html
    assert 'ul class="errorlist" role="alert"' not in html  # the list keeps its role
    fields = _inputs(html)
    for name in ("username", "password"):
        assert 'aria-invalid="true"' in fields[name], fields[name]
        assert 'aria-describedby="login-error"' in fields[name], fields[name]


def test_the_first_login_page_marks_nothing_invalid():
    html = Client().get("/accounts/login/").content.decode()
    assert "aria-invalid" not in html and 'role="alert"' not in html


def test_desk_rows_have_row_headers_and_errors_keep_their_list(make_tournament, desk_client):
    t = make_tournament("mucken", "pair", 2)
    html = desk_client.get(f"/desk/{t.slug}/").content.decode()
    rows = re.findall(r'<tr id="e\d+".*?</tr>', html, re.S)
    assert rows and all('<th scope="row"' in row for row in rows)
    r = desk_client.post(f"/desk/{t.slug}/", {"p1_name": "Gerda Lang", "status": "present"})
    html = r.content.decode()
    assert 'class="errorlist"' in html
    assert re.search(r'<ul class="errorlist"[^>]*role=', html) is None
    assert re.search(r'<div role="alert"><ul class="errorlist"', html)
