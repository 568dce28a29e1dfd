"""Table captains: the link and QR code printed on each table's score sheet, and what makes
the page work offline (its service worker and manifest)."""

from django.urls import path

from ..views import captain, captain_offline

app_name = "captain"
urlpatterns = [
    path("sw.js", captain_offline.service_worker, name="service_worker"),
    path("<str:token>/", captain.table_page, name="table"),
    path("<str:token>/qr.svg", captain.qr, name="qr"),
    path("<str:token>/manifest.webmanifest", captain_offline.manifest, name="manifest"),
]
