"""Team chess's own pages, mounted by the generic URL modules (``public:team_matches``,
``public:team_cross_table``) through :meth:`TeamChess.urls`."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from . import views

URLS: dict[str, list[URLPattern | URLResolver]] = {
    "director": [
        path("<slug:slug>/export-teams.trf", views.export_trf, name="export_team_trf"),
    ],
    "public": [
        path("<slug:slug>/matches/", views.matches, name="team_matches"),
        path("<slug:slug>/team-cross-table/", views.cross_table, name="team_cross_table"),
        path("<slug:slug>/team-players/", views.players, name="team_players"),
    ],
}
