"""The director's pages under /director/ (the reports helper adds <slug>/reports/ beside them)."""

from django.urls import path

from ..views import director as views

app_name = "director"
urlpatterns = [
    path("", views.home, name="home"),
    path("<slug:slug>/", views.tournament, name="tournament"),
    path("<slug:slug>/export/", views.export, name="export"),
    path("<slug:slug>/settings/", views.settings, name="settings"),
    path("<slug:slug>/settings/roles/", views.roles, name="roles"),
    path("<slug:slug>/log/", views.log, name="log"),
    path("<slug:slug>/seating/", views.seating, name="seating"),
    path("<slug:slug>/rounds/draw/", views.draw, name="draw"),
    path("<slug:slug>/rounds/undo/", views.undo, name="undo"),
    path("<slug:slug>/rounds/<int:number>/", views.round_detail, name="round"),
    path("<slug:slug>/rounds/<int:number>/publish/", views.publish, name="publish"),
    path("<slug:slug>/rounds/<int:number>/close/", views.close, name="close"),
    path("<slug:slug>/rounds/<int:number>/reopen/", views.reopen, name="reopen"),
    path("<slug:slug>/rounds/<int:number>/tables/<int:table>/result/", views.result,
         name="result"),
    path("<slug:slug>/revisions/<int:pk>/accept/", views.accept, name="accept"),
]
