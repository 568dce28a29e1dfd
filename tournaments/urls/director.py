"""The director's pages under /director/ (the reports helper adds <slug>/reports/ beside them),
with each discipline's own pages (its work beyond one tournament before ``<slug>/``)."""

from django.urls import path

from ..views import announcement_settings, board, finish, prize_list, round_page, stats
from ..views import director as views
from ..views import settings as settings_views
from ..views import teams as team_views
from . import discipline_urls

app_name = "director"
urlpatterns = [
    path("<slug:slug>/what-if/", stats.what_if, name="what_if"),
    path("<slug:slug>/statistics/", stats.director_statistics, name="statistics"),
    *discipline_urls("director_site"),
    path("", views.home, name="home"),
    path("<slug:slug>/", views.tournament, name="tournament"),
    path("<slug:slug>/export/", views.export, name="export"),
    path("<slug:slug>/final/", finish.final, name="final"),
    path("<slug:slug>/prize-list/", prize_list.prize_list, name="prize_list"),
    path("<slug:slug>/settings/", settings_views.settings, name="settings"),
    path("<slug:slug>/announcement/", announcement_settings.announcement_settings,
         name="announcement"),
    path("<slug:slug>/settings/roles/", settings_views.roles, name="roles"),
    path("<slug:slug>/log/", views.log, name="log"),
    path("<slug:slug>/log/undo/", views.undo_last, name="undo_last"),
    path("<slug:slug>/log/<int:pk>/undo/", views.undo_entry, name="undo_entry"),
    path("<slug:slug>/seating/", views.seating, name="seating"),
    path("<slug:slug>/board/", board.board, name="board"),
    path("<slug:slug>/board/live/", board.board_live, name="board_live"),
    path("<slug:slug>/rounds/draw/", views.draw, name="draw"),
    path("<slug:slug>/rounds/undo/", views.undo, name="undo"),
    path("<slug:slug>/rounds/<int:number>/", round_page.round_detail, name="round"),
    path("<slug:slug>/rounds/<int:number>/publish/", views.publish, name="publish"),
    path("<slug:slug>/rounds/<int:number>/close/", views.close, name="close"),
    path("<slug:slug>/rounds/<int:number>/reopen/", views.reopen, name="reopen"),
    path("<slug:slug>/rounds/<int:number>/redraw/", views.redraw, name="redraw"),
    path("<slug:slug>/rounds/<int:number>/lineups/", team_views.lineups, name="lineups"),
    path("<slug:slug>/rounds/<int:number>/quick/", round_page.quick_result,
         name="quick_result"),
    path("<slug:slug>/rounds/<int:number>/choices/", round_page.round_choices,
         name="round_choices"),
    path("<slug:slug>/rounds/<int:number>/series-games/", round_page.series_games,
         name="series_games"),
    path("<slug:slug>/rounds/<int:number>/tables/<int:table>/result/", round_page.result,
         name="result"),
    path("<slug:slug>/rounds/<int:number>/tables/<int:table>/list/", round_page.table_entry,
         name="table_entry"),
    path("<slug:slug>/rounds/<int:number>/tables/<int:table>/result/clear/",
         round_page.clear_result, name="clear_result"),
    path("<slug:slug>/revisions/<int:pk>/accept/", round_page.accept, name="accept"),
    *discipline_urls("director"),
]
