"""The director's settings page: general settings, the discipline's scoring settings as a
form, draw options, roles, and the advanced JSON export/import of the scoring settings.

Split from :mod:`tournaments.views.director`. Every change goes through
``services.update_tournament`` (or the role services); a refusal comes back at its field.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from .. import services
from ..disciplines import of
from ..disciplines.forms.settings import (
    SettingsForm,
    SettingsImportForm,
    export_settings,
    import_settings,
    move_errors,
)
from ..forms import RoleForm, apply_service_error
from ..models import Tournament
from ..services import ServiceError
from ..services import director as director_services
from .access import director_view
from .director import actor


def _settings_page(request: HttpRequest, t: Tournament, form: SettingsForm | None = None,
                   role_form: RoleForm | None = None,
                   import_form: SettingsImportForm | None = None,
                   status: int = 200) -> HttpResponse:
    roles = t.roles.select_related("user").order_by("kind", "user__username")
    form = form or SettingsForm(t)
    return render(request, "director/settings.html", {
        "t": t, "form": form, "role_form": role_form or RoleForm(),
        "import_form": import_form or SettingsImportForm(),
        "import_open": import_form is not None and bool(import_form.errors),
        "settings_json": export_settings(t), "roles": roles,
        "discipline_label": of(t).label, "planning_hint": of(t).planning_hint(t),
    }, status=status)


def _save(request: HttpRequest, t: Tournament, form: SettingsForm,
          import_form: SettingsImportForm | None = None) -> bool:
    """Hand the form's changes to the service; False with its refusal on the form."""
    changes = form.changes()
    if not changes:
        messages.info(request, _("Nothing changed."))
        return True
    try:
        services.update_tournament(t, actor(request), **changes)
    except ServiceError as exc:
        apply_service_error(form, exc, aliases=form.aliases())
        if import_form is not None:
            move_errors(form, import_form)
        return False
    messages.success(request, _("Settings imported.") if import_form is not None
                     else _("Settings saved."))
    return True


@director_view
@require_http_methods(["GET", "HEAD", "POST"])
def settings(request: HttpRequest, t: Tournament) -> HttpResponse:
    if request.method != "POST":
        if request.GET.get("format") == "json":
            response = HttpResponse(export_settings(t),
                                    content_type="application/json; charset=utf-8")
            response["Content-Disposition"] = (f'attachment; filename="{t.slug}.settings'
                                               f'.json"')
            return response
        return _settings_page(request, t)
    if request.POST.get("action") == "import":
        import_form = SettingsImportForm(request.POST)
        if import_form.is_valid():
            bound = import_settings(t, import_form)
            if bound is not None and _save(request, t, bound, import_form):
                return redirect("director:settings", slug=t.slug)
        return _settings_page(request, t, import_form=import_form, status=400)
    form = SettingsForm(t, request.POST)
    if form.is_valid() and _save(request, t, form):
        return redirect("director:settings", slug=t.slug)
    return _settings_page(request, t, form=form, status=400)


@director_view
@require_POST
def roles(request: HttpRequest, t: Tournament) -> HttpResponse:
    """Give a user the desk or director role, or take it away."""
    form = RoleForm(request.POST)
    revoke = request.POST.get("action") == "revoke"
    if form.is_valid():
        user, kind = form.cleaned_data["username"], form.cleaned_data["kind"]
        try:
            if revoke:
                director_services.revoke_role(t, actor(request), user, kind)
            else:
                services.grant_role(t, actor(request), user, kind)
        except ServiceError as exc:
            apply_service_error(form, exc)
        else:
            text = (_("Role removed from %(user)s.") if revoke
                    else _("Role given to %(user)s.")) % {"user": user.get_username()}
            messages.success(request, text)
            return redirect("director:settings", slug=t.slug)
    return _settings_page(request, t, role_form=form, status=400)
