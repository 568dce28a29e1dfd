"""The director's prize list with money (docs/sections.md): the rules of the allocation,
the categories (rating groups, age groups, women, seniors, club members), the prizes, and
who receives what by the current standings (:mod:`tournaments.services.prize_list`)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from ..common.text import validate_single_line
from ..models import Tournament
from ..services import Actor, ServiceError
from ..services import prize_list as prize_services
from .access import director_view

MAX_ROWS = 60
EMPTY_ROWS = 3
KINDS = (("rating_below", gettext_lazy("rating below")),
         ("rating_at_least", gettext_lazy("rating at least")),
         ("age_under", gettext_lazy("age under")),
         ("age_at_least", gettext_lazy("age at least")),
         ("women", gettext_lazy("women")),
         ("club", gettext_lazy("members of the club")),
         ("group", gettext_lazy("entrant category")))
NUMBER_KINDS = ("rating_below", "rating_at_least", "age_under", "age_at_least")


class RulesForm(forms.Form):
    ties = forms.ChoiceField(label=gettext_lazy("Tied players"), choices=(
        ("tiebreak", gettext_lazy("by tie-break")),
        ("share", gettext_lazy("share the money equally")),
        ("hort", gettext_lazy("Hort system (half by tie-break, half shared)"))))
    whole = forms.BooleanField(label=gettext_lazy("Pay whole euros"), required=False)
    one_prize = forms.BooleanField(label=gettext_lazy("One prize per player (the most "
                                                      "valuable)"), required=False,
                                   initial=True)
    reference_date = forms.DateField(label=gettext_lazy("Reference date of the age groups"),
                                     required=False,
                                     widget=forms.DateInput(attrs={"type": "date"}))


class CategoryForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Category"), max_length=60, required=False,
                           validators=[validate_single_line])
    kind = forms.ChoiceField(label=gettext_lazy("Who"), choices=KINDS, required=False)
    value = forms.CharField(label=gettext_lazy("Value"), max_length=120, required=False,
                            validators=[validate_single_line])

    def clean(self) -> dict[str, Any]:
        cd = super().clean()
        assert cd is not None
        kind, value = cd.get("kind"), (cd.get("value") or "").strip()
        if cd.get("name") and kind in NUMBER_KINDS and not value.isdecimal():
            self.add_error("value", _("a whole number"))
        if cd.get("name") and kind in ("club", "group") and not value:
            self.add_error("value", _("give the club or the category"))
        return cd

    def condition(self) -> dict[str, Any]:
        kind, value = self.cleaned_data["kind"], self.cleaned_data["value"].strip()
        if kind in NUMBER_KINDS:
            return {kind: int(value)}
        if kind == "women":
            return {"sex": "w"}
        if kind == "club":
            return {"clubs": [value]}
        return {"group": value}


class PrizeRowForm(forms.Form):
    category = forms.CharField(label=gettext_lazy("Category (empty: overall)"), max_length=60,
                               required=False, validators=[validate_single_line])
    place = forms.IntegerField(label=gettext_lazy("Place"), min_value=1, max_value=999,
                               required=False)
    money = forms.DecimalField(label=gettext_lazy("Money (€)"), min_value=Decimal(0),
                               max_value=Decimal(100_000_000), decimal_places=2,
                               required=False)
    item = forms.CharField(label=gettext_lazy("Item (trophy, book)"), max_length=120,
                           required=False, validators=[validate_single_line])

    def clean(self) -> dict[str, Any]:
        cd = super().clean()
        assert cd is not None
        if (cd.get("money") or cd.get("item")) and not cd.get("place"):
            self.add_error("place", _("give the place this prize is for"))
        if cd.get("place") and not cd.get("money") and not cd.get("item"):
            self.add_error("money", _("give money or an item"))
        return cd


CategoryFormSet = forms.formset_factory(CategoryForm, extra=0, max_num=MAX_ROWS,
                                        absolute_max=MAX_ROWS)
PrizeFormSet = forms.formset_factory(PrizeRowForm, extra=0, max_num=MAX_ROWS,
                                     absolute_max=MAX_ROWS)


def _initial(t: Tournament) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    fund = t.prize_fund or {}
    s = fund.get("settings", {})
    rules = {"ties": s.get("ties", "tiebreak"), "whole": s.get("unit") == 100,
             "one_prize": s.get("one_prize", True), "reference_date": s.get("reference_date")}
    cats = []
    for name, cond in (fund.get("categories") or {}).items():
        kind, value = next(((k, v) for k, v in cond.items() if k in NUMBER_KINDS),
                           (None, None))
        if kind is None:
            kind, value = (("women", "") if cond.get("sex") == "w" else
                           ("club", (cond.get("clubs") or [""])[0]) if cond.get("clubs") else
                           ("group", cond.get("group", "")))
        cats.append({"name": name, "kind": kind, "value": value})
    prizes = [{"category": z.get("category", ""), "place": z["place"],
               "money": Decimal(z.get("money", 0)) / 100 if z.get("money") else None,
               "item": z.get("item", "")} for z in fund.get("prizes", [])]
    return rules, cats, prizes


def _forms(t: Tournament, data: Any = None) -> tuple[RulesForm, Any, Any]:
    rules, cats, prizes = _initial(t)
    if data is not None:
        return (RulesForm(data, prefix="rules"), CategoryFormSet(data, prefix="cat"),
                PrizeFormSet(data, prefix="prize"))
    return (RulesForm(initial=rules, prefix="rules"),
            CategoryFormSet(initial=[*cats, *({} for _k in range(EMPTY_ROWS))], prefix="cat"),
            PrizeFormSet(initial=[*prizes, *({} for _k in range(EMPTY_ROWS))], prefix="prize"))


def _document(rules: RulesForm, cats: Any, prizes: Any) -> dict[str, Any]:
    r = rules.cleaned_data
    settings: dict[str, Any] = {"ties": r["ties"], "one_prize": bool(r["one_prize"])}
    if r["whole"]:
        settings["unit"] = 100
    if r["reference_date"]:
        settings["reference_date"] = r["reference_date"].isoformat()
    categories = {f.cleaned_data["name"].strip(): f.condition()
                  for f in cats if f.cleaned_data.get("name")}
    rows = []
    for f in prizes:
        d = f.cleaned_data
        if not d.get("place"):
            continue
        category = (d.get("category") or "").strip()
        row: dict[str, Any] = {
            "name": prize_services.place_name(category, d["place"]),
            "place": d["place"]}
        if d.get("money"):
            row["money"] = int(d["money"] * 100)
        if d.get("item"):
            row["item"] = d["item"].strip()
        if category:
            row["category"] = category
        rows.append(row)
    return {"settings": settings, "categories": categories, "prizes": rows}


def _place_error(rules: RulesForm, cats: Any, prizes: Any, place: str, text: str) -> None:
    """A problem of the prizes/1 reader (``prizes[2].money``) at its row of the page."""
    head = place.split(".", 1)[0]
    if head.startswith("prizes["):
        filled = [f for f in prizes if f.cleaned_data.get("place")]
        try:
            k = int(head[len("prizes["):-1])
            field = place.rsplit(".", 1)[1] if "." in place else None
            filled[k].add_error(field if field in ("category", "place", "money", "item")
                                else None, text)
            return
        except (IndexError, ValueError):
            pass
    if head == "categories" and "." in place:
        name = place.split(".")[1]
        for f in cats:
            if f.cleaned_data.get("name", "").strip() == name:
                f.add_error(None, text)
                return
    rules.add_error(None, f"{place}: {text}")


def _page(request: HttpRequest, t: Tournament, status: int = 200,
          forms_: tuple[RulesForm, Any, Any] | None = None) -> HttpResponse:
    rules, cats, prizes = forms_ or _forms(t)
    return render(request, "director/prize_list.html", {
        "t": t, "rules": rules, "cats": cats, "prizes": prizes,
        "allocation": prize_services.prize_list(t)}, status=status)


@director_view
@require_http_methods(["GET", "HEAD", "POST"])
def prize_list(request: HttpRequest, t: Tournament) -> HttpResponse:
    if request.method != "POST":
        return _page(request, t)
    rules, cats, prizes = forms_ = _forms(t, request.POST)
    if not (rules.is_valid() and cats.is_valid() and prizes.is_valid()):
        return _page(request, t, 400, forms_)
    try:
        prize_services.set_prize_fund(t, Actor.of(request.user), _document(rules, cats, prizes))
    except ServiceError as exc:
        for place, texts in exc.errors.items():
            for text in texts:
                _place_error(rules, cats, prizes, place, text)
        return _page(request, t, 400, forms_)
    messages.success(request, _("Prize list saved."))
    return redirect("director:prize_list", slug=t.slug)
