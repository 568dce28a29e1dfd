"""The director's PDF reports, mounted at /director/; a kind that is also a page (a
discipline's outputs, the standings by category) gets its URL from its ``ReportPage``."""

from django.urls import path

from ..services.report_kinds import page_kinds
from ..views import reports

app_name = "reports"
urlpatterns = [
    path("<slug:slug>/reports/", reports.report_list, name="list"),
    path("<slug:slug>/reports/status/", reports.report_status, name="status"),
    path("<slug:slug>/reports/<int:pk>/", reports.report_open, name="open"),
    path("<slug:slug>/reports/<int:pk>/download/", reports.report_download, name="download"),
    *(path(f"<slug:slug>/reports/{kind.page.path}/", reports.output_page,
           {"output": kind.name}, name=kind.name)
      for kind in page_kinds() if kind.page is not None),
]
