"""Team chess (Mannschaftsschach): teams of B players meet in matches, board against board.

The entrants are the teams (``tournaments.models.Team`` holds their board order and
line-ups, generic in the core); a table is a match, its result the list of board results.
The rest of the app reaches it only through its class: docs/adding-a-discipline.md,
docs/teams.md.
"""
