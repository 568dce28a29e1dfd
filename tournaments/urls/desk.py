"""The registration desk at /desk/ (namespace "desk")."""

from django.urls import path

from ..views import desk as views
from ..views import desk_entrant as rows
from ..views import entrant_edit
from ..views import teams as team_views

app_name = "desk"
urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:slug>/", views.tournament, name="tournament"),
    path("<slug:slug>/list/", views.entrant_list, name="entrant_list"),
    path("<slug:slug>/players/", views.players, name="players"),
    path("<slug:slug>/teams/", team_views.teams, name="teams"),
    path("<slug:slug>/scan/", views.scan, name="scan"),
    path("<slug:slug>/pair-up/", views.pair_up, name="pair_up"),
    path("<slug:slug>/prereg/", views.prereg_open, name="prereg_open"),
    path("<slug:slug>/undo/<int:entry>/", rows.undo_delete, name="undo_delete"),
    path("<slug:slug>/entrants/<int:start_number>/status/", rows.status, name="status"),
    path("<slug:slug>/entrants/<int:start_number>/marker/", rows.marker, name="marker"),
    path("<slug:slug>/entrants/<int:start_number>/delete/", rows.delete, name="delete"),
    path("<slug:slug>/entrants/<int:start_number>/row/", rows.row, name="row"),
    path("<slug:slug>/entrants/<int:start_number>/slip/", views.slip, name="slip"),
    path("<slug:slug>/entrants/<int:start_number>/edit/", entrant_edit.edit, name="edit"),
]
