"""Team competitions as pure functions: line-ups, team ratings, the boards of a match,
team round robins, Scheveningen and the FIDE team Swiss (C.04.6). See ``docs/teams.md``."""
