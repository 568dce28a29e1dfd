#!/usr/bin/env python3
"""Play a small chess Swiss through Turnierwart's REST API, as Chaos's ARexx scripts did.

    python docs/api-chess-example.py http://localhost:8000 USERNAME PASSWORD

Every ARexx command of Chaos has its API call; this script uses most of them:

    NewTournament          POST   /tournaments/
    AddPlayer              POST   /tournaments/<slug>/entrants/            (flat player facts)
    ModifyPlayer           PATCH  /tournaments/<slug>/entrants/<no>/       (only what is given)
    DeletePlayer           DELETE /tournaments/<slug>/entrants/<no>/       (or withdrawn)
    SetPlayer              POST   /tournaments/<slug>/pairing-rules/       (set games)
                           POST   /tournaments/<slug>/bye-requests/        (byes on request)
    DoPairings             POST   /tournaments/<slug>/rounds/draw/         (then publish)
    EnterResult            POST   /tournaments/<slug>/results/             (by white and black)
    Round                  GET    /tournaments/<slug>/rounds/<n>/ or rounds/last/
    PlayerList             GET    /tournaments/<slug>/entrants/
    InternalRatings        GET    /tournaments/<slug>/ranking/
    Table TABMODE PLRMODE  GET    /tournaments/<slug>/standings/?tiebreaks=…&category=…
    TableOfProgress        GET    /tournaments/<slug>/progress/
    CrossTable             GET    /tournaments/<slug>/crosstable/
    PlayerCards            GET    /tournaments/<slug>/cards/
    DWZReport              GET    /tournaments/<slug>/dwz/
    SaveTournament         GET    /tournaments/<slug>/trf/                 (TRF-16 text)
    LoadTournament         POST   /tournaments/import-trf/                 (TRF-16 text)

A refused request is answered with 400 and the field it is about; the script
shows one on purpose and stops at any other.
"""

from __future__ import annotations

import json
import sys
import urllib.error
import urllib.parse
import urllib.request
from typing import Any


class Refused(Exception):
    def __init__(self, code: int, body: Any) -> None:
        super().__init__(f"{code}: {body}")
        self.code, self.body = code, body


class API:
    def __init__(self, base: str) -> None:
        self.base = base.rstrip("/") + "/api/v1"
        self.token: str | None = None

    def call(self, method: str, path: str, body: Any = None, auth: bool = True,
             text: str | None = None, raw: bool = False) -> Any:
        """JSON in and out; ``text`` sends a text/plain body, ``raw`` returns the text."""
        data = text.encode() if text is not None else (
            None if body is None else json.dumps(body).encode())
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Accept", "text/plain" if raw else "application/json")
        if data is not None:
            request.add_header("Content-Type", "text/plain; charset=utf-8" if text is not None
                               else "application/json")
        if auth and self.token:
            request.add_header("Authorization", f"Token {self.token}")
        try:
            with urllib.request.urlopen(request) as response:
                content = response.read().decode()
        except urllib.error.HTTPError as err:
            raise Refused(err.code, json.loads(err.read().decode() or "null")) from None
        if raw:
            return content
        return json.loads(content) if content else None


def points(value: float) -> str:
    whole, half = divmod(round(value * 2), 2)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


def print_round(rnd: dict[str, Any]) -> None:
    print(f"round {rnd['number']} ({rnd['draw_method']}):")
    for table in rnd["tables"]:
        white, black = sorted(table["seats"], key=lambda s: s["side"])
        result = (table["result"] or {}).get("score", "")
        print(f"  board {table['number']}: {white['entrant']:>2} {white['name']:<8} - "
              f"{black['entrant']:>2} {black['name']:<8} {result}")
    for bye in rnd["byes"]:
        print(f"  bye ({bye['kind']}): {bye['entrant']} {bye['name']}")


def main(base: str, username: str, password: str) -> None:
    api = API(base)
    api.token = api.call("POST", "/auth/token/", {"username": username, "password": password},
                         auth=False)["token"]

    # NewTournament
    t = api.call("POST", "/tournaments/", {"name": "Vereinsturnier API-Beispiel",
                                           "discipline": "chess", "pairing": "dutch",
                                           "planned_rounds": 3})
    slug = t["slug"]
    T = f"/tournaments/{slug}"
    print(f"tournament {slug!r}: tiebreaks {', '.join(t['scoring']['tiebreaks'])}")

    # AddPlayer NAME CHESSCLUB BIRTHDAY RATING (DWZ) ELO FLAGS
    players = [
        ("Anna", "SK Hof", "1958-02-01", 2010, 2055, "sw"),
        ("Berta", "SC Naila", "1990-06-15", 1950, 1990, "w"),
        ("Carl", "SK Hof", "1955-11-30", 1890, None, "s"),
        ("Dora", "SV Selb", "2012-03-08", 1700, None, "wd"),
        ("Emil", "SC Naila", "1985-09-09", 1680, None, ""),
        ("Fritz", "SV Selb", "1949-12-24", 1600, None, "s"),
        ("Gerd", "SK Hof", "2009-07-07", 1450, None, "jb"),
        ("Hans Irrtum", "", None, None, None, ""),
    ]
    for name, club, birth, dwz, elo, flags in players:
        e = api.call("POST", f"{T}/entrants/", {
            "name": name, "club": club, "birth_date": birth, "dwz": dwz, "elo": elo,
            "flags": flags, "federation": "GER", "status": "present"})
        print(f"  {e['start_number']}. {e['name']:<12} DWZ {e['person']['dwz'] or '–':>4}  "
              f"Elo {e['person']['elo'] or '–':>4}  {', '.join(e['categories'])}")

    # A refused request names its field.
    try:
        api.call("POST", f"{T}/entrants/", {"name": "Zora", "flags": "x"})
    except Refused as err:
        print(f"refused as expected ({err.code}): {err.body}")

    # ModifyPlayer "Emil" CHESSCLUB …: only the given field changes.
    e = api.call("PATCH", f"{T}/entrants/5/", {"club": "SC Naila 1920", "sex": "m"})
    print(f"modified: {e['start_number']}. {e['name']}, {e['club']}, DWZ {e['person']['dwz']}")

    # DeletePlayer: registered by mistake and never played, so it is really deleted.
    gone = api.call("DELETE", f"{T}/entrants/8/")
    print(f"delete 8: {gone['outcome']}: {gone['detail']}")

    # InternalRatings: the pairing numbers the Dutch system uses.
    ranking = api.call("GET", f"{T}/ranking/")
    print("pairing numbers: " + ", ".join(f"{r['pairing_number']}={r['name']}"
                                          for r in ranking))

    # SetPlayer: Gerd gets white against Anna in round 1, Dora asks for a half-point bye.
    rule = api.call("POST", f"{T}/pairing-rules/", {"kind": "forced", "round": 1, "white": 7,
                                                    "black": 1})
    print(f"set game: {rule['first_name']} (white) - {rule['second_name']} in round "
          f"{rule['round']}")
    bye = api.call("POST", f"{T}/bye-requests/", {"entrant": 4, "round": 1, "kind": "half"})
    print(f"bye on request: {bye['name']}, round {bye['round']} ({bye['kind']})")

    results = ("1-0", "1/2-1/2", "0-1")
    for number in (1, 2, 3):
        # DoPairings, then publish (a draw is a preview until then)
        api.call("POST", f"{T}/rounds/draw/", {})
        api.call("POST", f"{T}/rounds/{number}/publish/")
        rnd = api.call("GET", f"{T}/rounds/last/")
        for k, table in enumerate(rnd["tables"]):
            white, black = sorted(table["seats"], key=lambda s: s["side"])
            # EnterResult WHITE BLACK RESULT [NOTPLAYED]; the round is found by the players
            result = "+-" if (number, k) == (3, 0) else results[(k + number) % 3]
            api.call("POST", f"{T}/results/", {"white": white["entrant"],
                                               "black": black["entrant"], "result": result})
        api.call("POST", f"{T}/rounds/{number}/close/")
        print_round(api.call("GET", f"{T}/rounds/{number}/"))
        if number == 2:
            # DeletePlayer after games: Fritz is withdrawn instead, his games stay.
            out = api.call("DELETE", f"{T}/entrants/6/")
            print(f"delete 6: {out['outcome']}: {out['detail']}")

    # Table TABMODE 0/1 PLRMODE 0/1
    for title, query in (("standings", {}),
                         ("points only (TABMODE 0): ties share a rank", {"tiebreaks": ""}),
                         ("seniors", {"category": "senior"})):
        rows = api.call("GET", f"{T}/standings/?{urllib.parse.urlencode(query)}")["standings"]
        print(f"{title}:")
        for row in rows:
            v = row["values"]
            print(f"  {row['rank']:>2}. {row['name']:<6} {points(v['points']):>3}  "
                  f"Bh-1 {v['buchholz_cut1']:>4}  Bh {v['buchholz']:>4}  "
                  f"SB {v['sonneborn_berger']:>5}")

    cross = api.call("GET", f"{T}/crosstable/?order=rank")
    print("cross table:")
    print("      " + " ".join(f"{p:>3}" for p in cross["positions"]) + "  pts")
    for row in cross["rows"]:
        print(f"  {row['position']:>2}. " + " ".join(f"{c:>3}" for c in row["cells"])
              + f"  {row['points']:>3}  {row['name']}")

    progress = api.call("GET", f"{T}/progress/")
    print("progress table (opponent by rank, colour, result, running score):")
    for row in progress["rows"]:
        cells = []
        for c in row["cells"]:  # a bye or an absence has no opponent: its kind instead
            mark = (f"{c['opponent_rank']}{c['colour']}" if c["opponent"] else
                    {"absent": "abs", "half": "½bye", "zero": "0bye"}.get(c["kind"], c["kind"]))
            cells.append(f"{mark:>4} {c['symbol'] or ' '} {points(c['running'] or 0):>2}")
        print(f"  {row['rank']:>2}. {row['name']:<6} " + " | ".join(cells))

    cards = api.call("GET", f"{T}/cards/")
    print(f"player cards: {len(cards)}, e.g. {cards[0]['name']}: "
          + ", ".join(f"R{r['round']} {r['opponent_name'] or r['kind']} {r['symbol']}"
                      for r in cards[0]["rows"]))

    dwz = api.call("GET", f"{T}/dwz/")
    print("DWZ evaluation:")
    for line in dwz["lines"]:
        we = f"{line['we']:.2f}" if line["we"] is not None else "–"
        print(f"  {line['name']:<6} Ro {line['ro_text']:>6}  W {points(line['w']):>2} of "
              f"{line['n']}  We {we:>4}  Rn {line['rn_text']}")

    # SaveTournament as TRF-16, LoadTournament from it.
    trf = api.call("GET", f"{T}/trf/", raw=True)
    print(f"TRF-16: {len(trf.splitlines())} lines, the first players:")
    for line in [x for x in trf.splitlines() if x.startswith("001")][:3]:
        print("  " + line)
    copy = api.call("POST", "/tournaments/import-trf/?" + urllib.parse.urlencode(
        {"name": "Vereinsturnier (aus TRF)"}), text=trf)
    again = api.call("GET", f"/tournaments/{copy['slug']}/standings/")["standings"]
    print(f"loaded back as {copy['slug']!r}: leader {again[0]['name']} with "
          f"{points(again[0]['values']['points'])} points")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    try:
        main(*sys.argv[1:])
    except Refused as err:
        sys.exit(f"refused: {err}")
