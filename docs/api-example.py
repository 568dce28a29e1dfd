#!/usr/bin/env python3
"""Run a small Mucken tournament through Turnierwart's REST API, with nothing but the stdlib.

    python docs/api-example.py http://localhost:8000 USERNAME PASSWORD

It gets a token for the director's account, creates a tournament of fixed
pairs, registers six pairs, draws and publishes round 1, lets one table's
captain submit through the table's link (no account), enters the other
results as the director, closes the round and prints the standings. Every
refused request prints the API's answer, which names the offending field.
"""

from __future__ import annotations

import json
import sys
import urllib.error
import urllib.request
from typing import Any


class API:
    def __init__(self, base: str) -> None:
        self.base = base.rstrip("/") + "/api/v1"
        self.token: str | None = None

    def call(self, method: str, path: str, body: Any = None, auth: bool = True) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if auth and self.token:
            request.add_header("Authorization", f"Token {self.token}")
        try:
            with urllib.request.urlopen(request) as response:
                return json.load(response)
        except urllib.error.HTTPError as err:
            sys.exit(f"{method} {path} -> {err.code}: {err.read().decode()}")


def main(base: str, username: str, password: str) -> None:
    api = API(base)
    api.token = api.call("POST", "/auth/token/", {"username": username, "password": password},
                         auth=False)["token"]

    t = api.call("POST", "/tournaments/", {"name": "Muckturnier API-Beispiel",
                                           "discipline": "mucken", "entrant_kind": "pair",
                                           "planned_rounds": 3})
    slug = t["slug"]
    print(f"tournament {slug!r}, scoring {t['scoring']}")

    pairs = [("Fritz", "Hans"), ("Anna", "Berta"), ("Sepp", "Rosi"), ("Kurt", "Uschi"),
             ("Gerd", "Moni"), ("Willi", "Resi")]
    for a, b in pairs:
        e = api.call("POST", f"/tournaments/{slug}/entrants/",
                     {"players": [{"name": a, "club": "JU Leupoldsgrün"}, {"name": b}],
                      "status": "present"})
        print(f"  {e['start_number']}. {e['name']}")

    rnd = api.call("POST", f"/tournaments/{slug}/rounds/draw/", {})
    print(f"round {rnd['number']} drawn with seed {rnd['draw_seed']}")
    api.call("POST", f"/tournaments/{slug}/rounds/{rnd['number']}/publish/")

    first, *others = rnd["tables"]
    # A captain needs no account: the table's token (from its QR code) is the key.
    submitted = api.call("POST", f"/captain/{first['captain_token']}/",
                         {"bobbl": [[21, 12], [21, 17]]}, auth=False)
    print(f"  table {first['number']}: captain submitted ({submitted['status']})")
    for k, table in enumerate(others):
        payload = {"bobbl": [[21, 9 + k], [14, 21]]}
        result = api.call("PUT", f"/tournaments/{slug}/rounds/{rnd['number']}/tables/"
                          f"{table['number']}/result/", payload)
        print(f"  table {table['number']}: director entered {payload} ({result['status']})")

    api.call("POST", f"/tournaments/{slug}/rounds/{rnd['number']}/close/")
    standings = api.call("GET", f"/tournaments/{slug}/standings/")
    print("standings:")
    for row in standings["standings"]:
        v = row["values"]
        print(f"  {row['rank']:>2}. {row['name']:<20} Bobbl {v['bobbl']}  Tore {v['tore']}  "
              f"Gegentore {v['gegentore']}")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
