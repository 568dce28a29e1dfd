"""The director's pages say "Serie" where the discipline plays series (issue 31 #12).

Skat and Pussi play series: their captains, the public pages and the PDFs said "Serie",
the director's pages "Runde". Every page of the director (and the desk) of the two demos is
rendered in German and in English and must not call a series a round. The word comes from
the discipline's class (``round_word``, ``round_word_in_text``, ``rounds_word``), never from
its name.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments.disciplines import DISCIPLINES
from tournaments.models import Tournament

from .test_language import DEMOS, addresses, clients, demo, found_words, visible_text

pytestmark = pytest.mark.django_db
__all__ = ["demo"]  # the fixture, used by name

ROUND = {"de": ["Runde", "Runden", "Rundenzahl"], "en": ["round", "rounds"]}
with translation.override("en"):
    SERIES = sorted(name for name, d in DISCIPLINES.items() if str(d.round_word) != "Round")


def test_the_series_disciplines_are_found():
    assert set(SERIES) == {"skat", "pussi"}


@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize("discipline", SERIES)
def test_director_pages_say_series(demo, discipline, language):
    t = Tournament.objects.get(slug=DEMOS[discipline])
    by_user = clients()
    wrong: dict[str, list[str]] = {}
    checked = 0
    with translation.override(language):
        for namespace, user in (("director", "direktor"), ("desk", "anmeldung"),
                                ("reports", "direktor")):
            for url in addresses(t, namespace):
                if url in ("/director/", "/desk/"):
                    continue  # every tournament of the account, of every discipline
                r = by_user[user].get(url, HTTP_ACCEPT_LANGUAGE=language, follow=True)
                if "text/html" not in r.get("Content-Type", ""):
                    continue
                checked += 1
                found = found_words(visible_text(r.content.decode()), ROUND[language], [])
                if found:
                    wrong[url] = found
    assert checked > 10
    assert not wrong, "\n".join(f"  {url}: {' | '.join(w)}" for url, w in wrong.items())
