from django.contrib import admin
from django.contrib.auth.views import LoginView
from django.urls import include, path
from django.views.generic import RedirectView

from tournaments.demo_guard import LoginForm
from tournaments.views import language, site

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("lang/<str:language>/", language.switch, name="switch_language"),
    # the login form says why the demo's published password is refused (DEBUG off)
    path("accounts/login/", LoginView.as_view(authentication_form=LoginForm), name="login"),
    path("accounts/api-token/", site.api_token, name="api_token"),
    path("accounts/", include("django.contrib.auth.urls")),
    # events with sections: before desk/ and director/, whose <slug>/… would take events/…
    path("", include("tournaments.urls.events")),
    path("desk/", include("tournaments.urls.desk")),
    path("director/", include("tournaments.urls.director")),
    path("director/", include("tournaments.urls.reports")),
    # before /c/: its /c/e/<code>/ must not be taken for a captain's token
    path("", include("tournaments.urls.hall_links")),
    path("c/", include("tournaments.urls.captain")),
    path("t/", include("tournaments.urls.public")),
    path("r/", include("tournaments.urls.online")),
    path("api/v1/", include("tournaments.api.urls")),
    path("", RedirectView.as_view(url="/t/", permanent=False), name="root"),
    # Browsers that ask for /favicon.ico without reading the page's <link rel="icon">.
    path("favicon.ico", site.favicon),
    path("start/", site.after_login, name="after_login"),
]

# The error pages in the site's style (tournaments/views/errors.py); with DJANGO_DEBUG=1
# its FriendlyErrorsMiddleware shows them too, instead of Django's debug pages.
handler400 = "tournaments.views.errors.bad_request"
handler403 = "tournaments.views.errors.permission_denied"
handler404 = "tournaments.views.errors.page_not_found"
handler500 = "tournaments.views.errors.server_error"
