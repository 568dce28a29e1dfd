"""Bavarian Schafkopf as tournaments play it (Preisschafkopf): tables of four (five with the
dealer sitting out, where the tournament allows it), rounds of a fixed number of games, one
list line per game with the player, the game, the partner of a Sauspiel, won or lost,
Schneider and Schwarz, scored by the tournament's own tariff.

The package holds everything the web app knows of it: the class (``discipline.py``), the
result form (``form.py``), templates and static files. The rest of the app reaches it only
through its class (``tournaments.disciplines.of(t)``): docs/adding-a-discipline.md.
"""
