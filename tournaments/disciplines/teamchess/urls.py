"""Team chess's own pages, mounted by the generic URL modules (``public:team_matches``,
``public:team_cross_table``) through :meth:`TeamChess.urls`."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from ...api import converters  # noqa: F401 (api_number)
from . import api, views

T = "tournaments/<slug:slug>/"

URLS: dict[str, list[URLPattern | URLResolver]] = {
    "director": [
        path("<slug:slug>/export-teams.trf", views.export_trf, name="export_team_trf"),
    ],
    # the team API (docs/teams.md); the captain's line-up before the generic captain link
    "api": [
        path(T + "teams/", api.TeamListView.as_view(), name="api-teams"),
        path(T + "matches/", api.MatchListView.as_view(), name="api-matches"),
        path("captain/<str:token>/lineup/", api.CaptainLineupView.as_view(),
             name="api-captain-lineup"),
    ],
    "public": [
        path("<slug:slug>/matches/", views.matches, name="team_matches"),
        path("<slug:slug>/team-cross-table/", views.cross_table, name="team_cross_table"),
        path("<slug:slug>/team-players/", views.players, name="team_players"),
    ],
}
