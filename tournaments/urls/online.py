"""The player's own registration page behind the mail's personal link (no account)."""

from django.urls import path

from ..views import announcement

app_name = "online"
urlpatterns = [
    path("<str:token>/", announcement.my_registration, name="mine"),
    path("<str:token>/withdraw/", announcement.withdraw, name="withdraw"),
]
