from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("desk/", include("tournaments.urls.desk")),
    path("director/", include("tournaments.urls.director")),
    path("director/", include("tournaments.urls.reports")),
    path("c/", include("tournaments.urls.captain")),
    path("t/", include("tournaments.urls.public")),
    path("api/v1/", include("tournaments.api.urls")),
    path("", RedirectView.as_view(url="/t/", permanent=False), name="root"),
]
