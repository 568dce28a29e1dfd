"""The rating lists page: upload the DSB's or FIDE's list, watch the import, see what the
desk searches. For whoever may create or directs tournaments; the lists serve every
tournament of the site."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from ....bodylimit import MULTIPART_OVERHEAD, allow_body
from ....forms import apply_service_error
from ....permissions import directs_any, may_create_tournaments
from ....services.base import ServiceError
from . import service
from .models import RatingList


class UploadForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Rating list file"), help_text=gettext_lazy(
        "The DSB's DWZ list (CSV), or FIDE's list as TXT or XML; zipped as downloaded is "
        "fine."))


# The site's lists are every desk's: replacing one is the organiser's (a user given this
# permission in the admin, or a superuser), not any tournament's director (docs/access.md).
IMPORT_PERMISSION = "tournaments.add_ratinglist"


def may_import(user: Any) -> bool:
    return bool(user.is_authenticated and user.has_perm(IMPORT_PERMISSION))


def _allowed(request: HttpRequest) -> HttpResponse | None:
    """Directors may look at the lists; only the organiser may import one."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not (may_import(request.user) or may_create_tournaments(request.user)
            or directs_any(request.user)):
        raise PermissionDenied(_("Only a director may see the rating lists."))
    if request.method == "POST" and not may_import(request.user):
        raise PermissionDenied(_("Only the organiser may import rating lists: the site's "
                                 "administrator gives that permission in the admin."))
    return None


def _context(form: UploadForm, user: Any) -> dict[str, Any]:
    lists = list(RatingList.objects.all()[:20])
    return {"form": form, "lists": lists, "may_import": may_import(user),
            "busy": any(x.status in (RatingList.Status.QUEUED, RatingList.Status.RUNNING)
                        for x in lists),
            "max_mb": service.MAX_UPLOAD // (1024 * 1024)}


@allow_body(service.MAX_UPLOAD + MULTIPART_OVERHEAD)
@require_http_methods(["GET", "HEAD", "POST"])
def rating_lists(request: HttpRequest) -> HttpResponse:
    if (denied := _allowed(request)) is not None:
        return denied
    form = UploadForm()
    status = 200
    if request.method == "POST":
        form = UploadForm(request.POST, request.FILES)
        if form.is_valid():
            try:
                entry = service.start_import(request.user, form.cleaned_data["file"])
            except ServiceError as exc:
                apply_service_error(form, exc, default="file")
            else:
                messages.success(request, _("%(name)s is being imported; the table below "
                                            "shows how far.") % {"name": entry.file_name})
                return redirect("director:rating_lists")
        status = 400
    return render(request, "director/rating_lists.html", _context(form, request.user),
                  status=status)


@require_safe
def rating_lists_table(request: HttpRequest) -> HttpResponse:
    """The imports' table alone, polled by the page while an import runs."""
    if (denied := _allowed(request)) is not None:
        return denied
    return render(request, "director/_rating_lists_table.html",
                  _context(UploadForm(), request.user))
