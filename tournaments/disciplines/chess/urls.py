"""Chess's own pages and API endpoints, mounted by the generic URL modules in their
namespaces (``director:request_bye``, ``public:cross_table``, ``api-trf``) through
:meth:`Chess.urls`. The names are those the pages and clients have always used."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from ...api import converters  # noqa: F401 (api_number)
from . import preview_views, views
from .api import views as api
from .rating_lists import views as rating_list_views

T = "tournaments/<slug:slug>/"

URLS: dict[str, list[URLPattern | URLResolver]] = {
    # beside the director's home, before "<slug>/": the site's rating lists
    "director_site": [
        path("rating-lists/", rating_list_views.rating_lists, name="rating_lists"),
        path("rating-lists/table/", rating_list_views.rating_lists_table,
             name="rating_lists_table"),
    ],
    "director": [
        path("<slug:slug>/export.trf", views.export_trf, name="export_trf"),
        path("<slug:slug>/federation/", views.federation_files, name="federation_files"),
        path("<slug:slug>/federation/<str:kind>.trf", views.federation_file,
             name="federation_file"),
        path("<slug:slug>/rounds/<int:number>/swap-players/", preview_views.swap_players,
             name="swap_players"),
        path("<slug:slug>/rounds/<int:number>/swap-colours/", preview_views.swap_colours,
             name="swap_colours"),
        path("<slug:slug>/swiss/byes/", views.request_bye, name="request_bye"),
        path("<slug:slug>/swiss/byes/<int:pk>/cancel/", views.cancel_bye, name="cancel_bye"),
        path("<slug:slug>/swiss/pairings/set/", views.set_forced_pairing, name="set_pairing"),
        path("<slug:slug>/swiss/pairings/forbid/", views.forbid_pairing,
             name="forbid_pairing"),
        path("<slug:slug>/swiss/pairings/<int:pk>/delete/", views.delete_pairing_rule,
             name="delete_pairing_rule"),
        path("<slug:slug>/swiss/withdraw/", views.withdraw, name="withdraw"),
        path("<slug:slug>/ratings/", views.update_ratings, name="ratings"),
        path("<slug:slug>/dwz/age-group/", views.dwz_age_group, name="dwz_age_group"),
        path("<slug:slug>/swiss/entrants/<int:number>/back/", views.comes_back,
             name="comes_back"),
    ],
    "public": [
        path("<slug:slug>/cross-table/", views.cross_table, name="cross_table"),
        path("<slug:slug>/progress-table/", views.progress_table, name="progress_table"),
    ],
    # before "tournaments/<slug>/": a TRF file as a new tournament
    "api_site": [
        path("tournaments/import-trf/", api.TrfImportView.as_view(), name="api-import-trf"),
    ],
    # the batch commands of Chaos (ARexx) and the chess outputs as data
    "api": [
        path(T + "trf/", api.TrfView.as_view(), name="api-trf"),
        path(T + "pairing-rules/", api.PairingRuleListView.as_view(), name="api-pairing-rules"),
        path(T + "pairing-rules/<api_number:rule>/", api.PairingRuleDetailView.as_view(),
             name="api-pairing-rule"),
        path(T + "bye-requests/", api.ByeRequestView.as_view(), name="api-bye-requests"),
        path(T + "results/", api.GameResultView.as_view(), name="api-game-result"),
        path(T + "ranking/", api.RankingView.as_view(), name="api-ranking"),
        path(T + "crosstable/", api.CrossTableView.as_view(), name="api-crosstable"),
        path(T + "progress/", api.ProgressView.as_view(), name="api-progress"),
        path(T + "cards/", api.PlayerCardsView.as_view(), name="api-cards"),
        path(T + "dwz/", api.DwzView.as_view(), name="api-dwz"),
        path(T + "ratings/", api.RatingUpdateView.as_view(), name="api-ratings"),
    ],
}
