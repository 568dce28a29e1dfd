"""A settings field for named groups of start numbers (Skat's teams and tandems): one group
a line, "Herz Dame: 3, 7, 12, 15", a team's substitutes after a plus sign ("… 15 + 21, 22").
The JSON import's list is read as well. Every bound is
checked here, at the field, in the page's language; ``scoring.skat.parse_groups`` checks
the stored list again."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext as _

from scoring.skat import GROUP_NAME_LENGTH, MAX_GROUPS

from ..settings_spec import Setting

MAX_TEXT = MAX_GROUPS * (GROUP_NAME_LENGTH + 40)


def groups_text(value: Any) -> str:
    """A stored list of groups as the field shows it, one a line."""
    if not isinstance(value, list):
        return "" if value is None else str(value)
    def line(g: dict[str, Any]) -> str:
        text = f"{g.get('name', '')}: {', '.join(str(m) for m in g.get('members', []))}"
        spare = g.get("substitutes") or []
        return text + (f" + {', '.join(str(m) for m in spare)}" if spare else "")

    return "\n".join(line(g) for g in value if isinstance(g, dict))


class GroupsSetting(forms.CharField):
    """Named groups of ``setting.size`` start numbers, one a line; empty: none."""

    def __init__(self, setting: Setting, **kwargs: Any) -> None:
        self.setting = setting
        placeholder = ("Herz Dame: 3, 7, 12, 15" if setting.size == 4 else "Kreuz Bube: 4, 9")
        super().__init__(required=False, max_length=MAX_TEXT, widget=forms.Textarea(
            attrs={"rows": 3, "placeholder": placeholder, "spellcheck": "false"}), **kwargs)

    def prepare_value(self, value: Any) -> Any:
        return groups_text(value) if isinstance(value, list) else value

    def clean(self, value: Any) -> list[dict[str, Any]] | None:
        text = str(super().clean(value) or "").strip()
        if not text:
            return None
        size = self.setting.size
        if text.startswith("["):
            try:
                raw = json.loads(text)
            except ValueError:
                raw = None
            if not isinstance(raw, list):
                raise forms.ValidationError(_("one group a line: a name, a colon, the start "
                                              "numbers"))
            lines = [groups_text([g]) for g in raw if isinstance(g, dict)]
            if len(lines) != len(raw):
                raise forms.ValidationError(_("one group a line: a name, a colon, the start "
                                              "numbers"))
        else:
            lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) > MAX_GROUPS:
            raise forms.ValidationError(_("at most %(n)s groups") % {"n": MAX_GROUPS})
        out: list[dict[str, Any]] = []
        names: set[str] = set()
        seen: set[int] = set()
        spare_most = self.setting.spare
        for k, line in enumerate(lines, start=1):
            name, colon, rest = line.partition(":")
            name = " ".join(name.split())
            rest, plus, spare_text = rest.partition("+")
            parts = [p for p in rest.replace(";", ",").replace(" ", ",").split(",") if p]
            spare = [p for p in spare_text.replace(";", ",").replace(" ", ",").split(",") if p]
            where = {"line": k}
            if not colon or not 0 < len(name) <= GROUP_NAME_LENGTH:
                raise forms.ValidationError(
                    _("line %(line)s: a name of 1 to %(max)s characters, a colon, then the "
                      "start numbers") % {**where, "max": GROUP_NAME_LENGTH})
            if (len(parts) != size or not all(p.isdecimal() and 0 < int(p) < 100_000
                                              for p in parts)
                    or len({int(p) for p in parts}) != size):
                raise forms.ValidationError(
                    _("line %(line)s: %(n)s different start numbers after the colon")
                    % {**where, "n": size})
            if plus and not spare_most:
                raise forms.ValidationError(_("line %(line)s: no substitutes here")
                                            % where)
            if plus and (not 0 < len(spare) <= spare_most
                         or not all(p.isdecimal() and 0 < int(p) < 100_000 for p in spare)
                         or len({int(p) for p in spare}) != len(spare)
                         or {int(p) for p in spare} & {int(p) for p in parts}):
                raise forms.ValidationError(
                    _("line %(line)s: after the plus sign 1 to %(n)s other start numbers "
                      "(the substitutes)") % {**where, "n": spare_most})
            members = [int(p) for p in parts]
            substitutes = [int(p) for p in spare]
            if name.casefold() in names:
                raise forms.ValidationError(_("line %(line)s: %(name)s is named twice")
                                            % {**where, "name": name})
            twice = sorted(seen.intersection([*members, *substitutes]))
            if twice:
                raise forms.ValidationError(_("line %(line)s: no. %(no)s is in another group "
                                              "already") % {**where, "no": twice[0]})
            names.add(name.casefold())
            seen.update(members, substitutes)
            group: dict[str, Any] = {"name": name, "members": members}
            if substitutes:
                group["substitutes"] = substitutes
            out.append(group)
        return out
