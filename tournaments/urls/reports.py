"""The director's PDF reports, mounted at /director/."""

from django.urls import path

from ..views import reports

app_name = "reports"
urlpatterns = [
    path("<slug:slug>/reports/", reports.report_list, name="list"),
    path("<slug:slug>/reports/status/", reports.report_status, name="status"),
    path("<slug:slug>/reports/<int:pk>/download/", reports.report_download, name="download"),
]
