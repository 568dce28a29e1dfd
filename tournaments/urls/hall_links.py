"""Links that follow the evening (issue 19), mounted at the site's root (config/urls.py):
the permanent table codes, the entrants' personal links, the director's table cards."""

from django.urls import path

from ..views import hall_links
from ..views import teams as team_views

app_name = "links"
urlpatterns = [
    path("tc/<str:code>/", hall_links.table_link, name="table"),
    path("e/<str:link>/", hall_links.entrant_page, name="entrant"),
    path("e/<str:link>/lineup/", team_views.captain_lineup, name="lineup"),
    # under /c/: the browser sends the captain page's device id cookie (path /c/) along
    path("c/e/<str:link>/", hall_links.entrant_answer, name="answer"),
    path("director/<slug:slug>/table-cards/", hall_links.table_cards, name="cards"),
    path("director/<slug:slug>/table-cards/replace/", hall_links.replace_link, name="replace"),
]
