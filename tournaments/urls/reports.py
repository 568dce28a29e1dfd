"""The director's PDF reports, mounted at /director/."""

from django.urls import path

from ..views import reports

app_name = "reports"
urlpatterns = [
    path("<slug:slug>/reports/", reports.report_list, name="list"),
    path("<slug:slug>/reports/status/", reports.report_status, name="status"),
    path("<slug:slug>/reports/<int:pk>/download/", reports.report_download, name="download"),
    # the chess outputs and the standings by category as pages (each can be printed)
    path("<slug:slug>/reports/cross-table/", reports.output_page, {"output": "cross_table"},
         name="cross_table"),
    path("<slug:slug>/reports/progress-table/", reports.output_page,
         {"output": "progress_table"}, name="progress_table"),
    path("<slug:slug>/reports/player-cards/", reports.output_page, {"output": "player_cards"},
         name="player_cards"),
    path("<slug:slug>/reports/categories/", reports.output_page,
         {"output": "category_standings"}, name="category_standings"),
    path("<slug:slug>/reports/dwz/", reports.output_page, {"output": "dwz"}, name="dwz"),
    path("<slug:slug>/reports/players/", reports.output_page, {"output": "player_list"},
         name="player_list"),
]
