"""``/api/v1/``: names are global and start with ``api-`` (``reverse("api-schema")``)."""

from django.urls import path, register_converter
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from . import auth, views
from .views.series import SeriesGamesView


class SmallNumber:
    """A round, table or start number: at most 9 digits, so no lookup overflows a column
    (a longer number matches no URL and is a plain 404)."""

    regex = "[0-9]{1,9}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(SmallNumber, "api_number")

T = "tournaments/<slug:slug>/"
R = T + "rounds/<api_number:number>/"
TB = R + "tables/<api_number:table>/"

urlpatterns = [
    path("auth/token/", auth.token_login, name="api-token"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("tournaments/", views.TournamentListView.as_view(), name="api-tournaments"),
    path("tournaments/import/", views.ImportView.as_view(), name="api-import"),
    path("tournaments/import-trf/", views.TrfImportView.as_view(), name="api-import-trf"),
    path(T, views.TournamentDetailView.as_view(), name="api-tournament"),
    path(T + "document/", views.DocumentView.as_view(), name="api-document"),
    path(T + "log/", views.LogView.as_view(), name="api-log"),
    path(T + "log/undo/", views.UndoView.as_view(), name="api-undo"),
    path(T + "standings/", views.StandingsView.as_view(), name="api-standings"),
    path(T + "entrants/", views.EntrantListView.as_view(), name="api-entrants"),
    path(T + "entrants/<api_number:start_number>/", views.EntrantDetailView.as_view(),
         name="api-entrant"),
    path(T + "rounds/", views.RoundListView.as_view(), name="api-rounds"),
    path(T + "seating/cleanup/", views.CleanupView.as_view(), name="api-cleanup"),
    path(T + "rounds/draw/", views.DrawView.as_view(), name="api-draw"),
    path(T + "rounds/last/", views.UndoDrawView.as_view(), name="api-undo-draw"),
    path(R, views.RoundDetailView.as_view(), name="api-round"),
    path(R + "publish/", views.PublishView.as_view(), name="api-publish"),
    path(R + "close/", views.CloseView.as_view(), name="api-close"),
    path(R + "reopen/", views.ReopenView.as_view(), name="api-reopen"),
    path(R + "series-games/", SeriesGamesView.as_view(), name="api-series-games"),
    path(TB + "result/", views.ResultView.as_view(), name="api-result"),
    path(TB + "accept/", views.AcceptView.as_view(), name="api-accept"),
    # chess: the batch commands of Chaos (ARexx) and the chess outputs as data
    path(T + "trf/", views.TrfView.as_view(), name="api-trf"),
    path(T + "pairing-rules/", views.PairingRuleListView.as_view(), name="api-pairing-rules"),
    path(T + "pairing-rules/<api_number:rule>/", views.PairingRuleDetailView.as_view(),
         name="api-pairing-rule"),
    path(T + "bye-requests/", views.ByeRequestView.as_view(), name="api-bye-requests"),
    path(T + "results/", views.GameResultView.as_view(), name="api-game-result"),
    path(T + "ranking/", views.RankingView.as_view(), name="api-ranking"),
    path(T + "crosstable/", views.CrossTableView.as_view(), name="api-crosstable"),
    path(T + "progress/", views.ProgressView.as_view(), name="api-progress"),
    path(T + "cards/", views.PlayerCardsView.as_view(), name="api-cards"),
    path(T + "dwz/", views.DwzView.as_view(), name="api-dwz"),
    path(T + "ratings/", views.RatingUpdateView.as_view(), name="api-ratings"),
    path("captain/<str:token>/", views.CaptainView.as_view(), name="api-captain"),
]
