"""``/api/v1/``: names are global and start with ``api-`` (``reverse("api-schema")``)."""

from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from ..urls import discipline_urls
from . import auth, converters, views  # noqa: F401 (converters: api_number)
from .views.events import EventDetailView, EventDocumentView, EventImportView
from .views.series import SeriesGamesView

T = "tournaments/<slug:slug>/"
R = T + "rounds/<api_number:number>/"
TB = R + "tables/<api_number:table>/"

urlpatterns = [
    path("auth/token/", auth.token_login, name="api-token"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("tournaments/", views.TournamentListView.as_view(), name="api-tournaments"),
    path("events/import/", EventImportView.as_view(), name="api-event-import"),
    path("events/<slug:event>/", EventDetailView.as_view(), name="api-event"),
    path("events/<slug:event>/document/", EventDocumentView.as_view(),
         name="api-event-document"),
    path("tournaments/import/", views.ImportView.as_view(), name="api-import"),
    *discipline_urls("api_site"),
    path(T, views.TournamentDetailView.as_view(), name="api-tournament"),
    path(T + "document/", views.DocumentView.as_view(), name="api-document"),
    path(T + "log/", views.LogView.as_view(), name="api-log"),
    path(T + "log/undo/", views.UndoView.as_view(), name="api-undo"),
    path(T + "standings/", views.StandingsView.as_view(), name="api-standings"),
    path(T + "entrants/", views.EntrantListView.as_view(), name="api-entrants"),
    path(T + "entrants/<api_number:start_number>/", views.EntrantDetailView.as_view(),
         name="api-entrant"),
    path(T + "registrations/", views.RegistrationListView.as_view(), name="api-registrations"),
    path(T + "registrations/<api_number:number>/", views.RegistrationDetailView.as_view(),
         name="api-registration"),
    path(T + "registrations/<api_number:number>/withdraw/",
         views.RegistrationWithdrawView.as_view(), name="api-registration-withdraw"),
    path(T + "registrations/statement/", views.StatementImportView.as_view(),
         name="api-registration-statement"),
    path(T + "registrations/check-in/", views.RegistrationCheckInView.as_view(),
         name="api-registration-checkin"),
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
    *discipline_urls("api"),
    path("captain/<str:token>/", views.CaptainView.as_view(), name="api-captain"),
]
