"""Table captains: the link and QR code printed on each table's score sheet."""

from django.urls import path

from ..views import captain

app_name = "captain"
urlpatterns = [
    path("<str:token>/", captain.table_page, name="table"),
    path("<str:token>/qr.svg", captain.qr, name="qr"),
]
