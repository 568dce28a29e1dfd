"""Spectators' pages at /t/ (no account needed)."""

from django.urls import path

from ..views import announcement, prereg, public, stats
from . import discipline_urls

app_name = "public"
urlpatterns = [
    path("<slug:slug>/statistics/", stats.public_statistics, name="statistics"),
    path("", public.home, name="home"),
    path("<slug:slug>/", public.tournament, name="tournament"),
    path("<slug:slug>/standings/", public.standings_fragment, name="standings"),
    path("<slug:slug>/pairings/", public.pairings_fragment, name="pairings"),
    path("<slug:slug>/rounds/<int:number>/", public.round_detail, name="round"),
    path("<slug:slug>/projector/", public.projector, name="projector"),
    path("<slug:slug>/seats/", public.seats, name="seats"),
    path("<slug:slug>/seats/live/", public.seats_fragment, name="seats_live"),
    path("<slug:slug>/prereg/", prereg.prereg_page, name="prereg"),
    path("<slug:slug>/announcement/", announcement.announcement_page, name="announcement"),
    *discipline_urls("public"),
]
