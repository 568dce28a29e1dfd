"""The registration desk at /desk/ (namespace "desk")."""

from django.urls import path

from ..views import desk as views

app_name = "desk"
urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:slug>/", views.tournament, name="tournament"),
    path("<slug:slug>/players/", views.players, name="players"),
    path("<slug:slug>/entrants/<int:start_number>/status/", views.status, name="status"),
]
