"""Pussi: two parties of two at a table play a series of games (bid, declarer, totals).

The package holds everything the web app knows of it: the class (``discipline.py``), the
result form (``form.py``), templates and static files. The rest of the app reaches it only
through its class (``tournaments.disciplines.of(t)``): docs/adding-a-discipline.md.
"""
