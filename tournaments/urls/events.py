"""Events with sections (docs/sections.md), mounted at the site's root before the desk's and
the director's URLs (config/urls.py), so ``events/…`` is never taken for a tournament's slug."""

from django.urls import path

from ..views import event_announcement, event_dashboard, event_live, event_prizes
from ..views import events as views

app_name = "events"
urlpatterns = [
    path("v/<slug:event>/", views.public_event, name="public"),
    path("v/<slug:event>/announcement/", event_announcement.event_announcement,
         name="announcement"),
    path("v/<slug:event>/projector/", views.event_projector, name="projector"),
    path("v/<slug:event>/live/", event_live.live_board, name="live"),
    path("director/events/", views.director_events, name="list"),
    path("director/events/<slug:event>/", views.director_event, name="director"),
    path("director/events/<slug:event>/dashboard/", event_dashboard.dashboard,
         name="dashboard"),
    path("director/events/<slug:event>/export/", event_dashboard.export, name="export"),
    path("director/events/<slug:event>/prizes/", event_prizes.prizes, name="prizes"),
    path("director/events/<slug:event>/prizes/<slug:kind>.pdf", event_prizes.prizes_pdf,
         name="prizes_pdf"),
    path("desk/events/<slug:event>/", views.desk_event, name="desk"),
]
