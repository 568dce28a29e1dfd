"""A Grenke-sized open on one laptop (issue 33, docs/sections.md): an event of ``--players``
in three chess sections by rating, ``--rounds`` rounds, everything through the app.

- the director creates the event and its sections A (2000+), B (1600–1999), C (up to
  1599) on the event page,
- the event's desk signs up every player (one POST each; the limits place them),
- each round, each section is drawn and published through the director's pages, every
  table's result is sent by a phone through the captain API (one POST each, its device id),
  the round is closed on the round page, and the section's public standings and the
  event's projector are fetched from an empty cache,
- at the end each section's prize list with money is saved and allocated.

Printed: the CPU and wall seconds of each step (the test client, the app and SQLite all
run in this process), per section and round, and the count of results lost (sent and
acknowledged but not in the database). A throw-away SQLite database in a temporary folder,
a local-memory cache, rate limits off. Run: ``python bench/sections.py`` (2,600 players,
9 rounds) or ``--players 300 --rounds 3`` for a quick look.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.app import start_app, timed  # the shared set-up

SECTIONS = (("A", {"new-rating_min": "2000"}), ("B", {"new-rating_min": "1600",
                                                      "new-rating_max": "1999"}),
            ("C", {"new-rating_max": "1599"}))
SCORES = (("1-0", 40), ("0-1", 35), ("1/2-1/2", 25))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2600)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    start_app()
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Permission
    from django.core.cache import cache
    from django.test import Client

    from tournaments.models import Event, Result, Round
    from tournaments.services import Actor, event_prizes
    from tournaments.services import prize_list as prizes

    rng = random.Random(args.seed)
    user = get_user_model().objects.create_user("direktor", password="bench-bench-bench")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    director = Client()
    director.force_login(user)
    director.post("/director/events/", {"event-name": "Bench Open"})
    event = Event.objects.get(name="Bench Open")
    for label, limits in SECTIONS:
        r = director.post(f"/director/events/{event.slug}/", {
            "action": "new", "new-label": label, "new-name": f"Bench Open {label}",
            "new-discipline": "chess", "new-planned_rounds": str(args.rounds), **limits})
        assert r.status_code == 302, r.content[:500]
    sections = list(event.sections.order_by("section_label"))

    def sign_up_all() -> None:
        for n in range(1, args.players + 1):
            rating = rng.randint(1000, 2600)
            r = director.post(f"/desk/events/{event.slug}/", {
                "s-name": f"Spieler {n:05d}", "s-rating": rating, "s-dwz": rating})
            assert r.status_code == 302, r.content[:500]

    _out, _cpu, wall = timed(f"event desk: {args.players} sign-ups", sign_up_all)
    counts = {t.section_label: t.entrants.count() for t in sections}
    print(f"  placed {counts}, {1000 * wall / args.players:.1f} ms wall a sign-up; "
          f"lost {args.players - sum(counts.values())}")

    phone = Client()
    sent = lost = 0
    for number in range(1, args.rounds + 1):
        for t in sections:
            tag = f"round {number}, {t.section_label}"
            r, _c, _w = timed(f"{tag}: draw", lambda t=t: director.post(
                f"/director/{t.slug}/rounds/draw/", {"method": t.pairing, "seed": ""}))
            assert r.status_code == 302, r.content[:800]
            r, _c, _w = timed(f"{tag}: publish", lambda t=t, number=number: director.post(
                f"/director/{t.slug}/rounds/{number}/publish/"))
            assert r.status_code == 302, r.content[:500]
            rnd = Round.objects.get(tournament=t, number=number)
            tokens = list(rnd.tables.values_list("token", flat=True))

            def report(tokens: list[str] = tokens) -> None:
                nonlocal sent
                for token in tokens:
                    score = rng.choices([s for s, _w in SCORES], [w for _s, w in SCORES])[0]
                    r = phone.post(f"/api/v1/captain/{token}/", json.dumps({"score": score}),
                                   content_type="application/json",
                                   HTTP_X_DEVICE_ID=f"bench-{token[:12]}")
                    assert r.status_code in (200, 201), r.content[:300]
                    sent += 1

            _o, _c, wall = timed(f"{tag}: {len(tokens)} results (API)", report)
            print(f"  {1000 * wall / max(len(tokens), 1):.1f} ms wall a result")
            stored = Result.objects.filter(table__round=rnd).count()
            lost += len(tokens) - stored
            r, _c, _w = timed(f"{tag}: close", lambda t=t, number=number: director.post(
                f"/director/{t.slug}/rounds/{number}/close/"))
            assert r.status_code == 302, r.content[:500]
            cache.clear()
            timed(f"{tag}: public standings page, empty cache",
                  lambda t=t: phone.get(f"/t/{t.slug}/"))
        cache.clear()
        timed(f"round {number}: event projector, empty cache",
              lambda: phone.get(f"/v/{event.slug}/projector/"))
        cache.clear()
        timed(f"round {number}: event live board, empty cache",
              lambda: phone.get(f"/v/{event.slug}/live/?section=B"))
        timed(f"round {number}: event dashboard (director)",
              lambda: director.get(f"/director/events/{event.slug}/dashboard/"))
    fund = {"settings": {"ties": "hort", "unit": 100},
            "categories": {"U1800": {"rating_below": 1800}},
            "prizes": [{"name": f"{k}.", "place": k, "money": 100_000 // k} for k in range(1, 11)]
            + [{"name": "U1800", "category": "U1800", "place": 1, "money": 5_000}]}
    for t in sections:
        t = prizes.set_prize_fund(t, Actor(user, "direktor"), fund)
        allocation, _c, _w = timed(f"{t.section_label}: prize list allocated",
                                   lambda t=t: prizes.prize_list(t))
        print(f"  {len(allocation.awards)} awards, paid {allocation.paid_text}")
    event = event_prizes.set_event_prize_fund(event, Actor(user, "direktor"), {
        "settings": {"reference_date": "2026-01-01"},
        "categories": {"U1400": {"rating_below": 1400}},
        "prizes": [{"name": "best U1400 of the event", "category": "U1400", "place": 1,
                    "money": 10_000}],
        "club_prizes": []})
    whole, _c, _w = timed("the event's prize lists allocated together",
                          lambda: event_prizes.event_prizes(event))
    print(f"  paid {whole.paid_text} over {len(whole.lists())} lists")
    print(f"results sent {sent}, lost {lost}")


if __name__ == "__main__":
    main()
