"""The words of the common kinds of report beyond the model's own choices (``Report.Kind``):
:mod:`tournaments.services.report_kinds` labels its kinds with them, and the log
(:mod:`tournaments.log_labels`) says a logged report's kind with them ("Art: Rangliste",
never the raw "standings"). A discipline's own kinds bring their labels with them."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

CATEGORY_STANDINGS = _("standings by category")
STATISTICS = _("statistics")
CERTIFICATES = _("certificates (Urkunden)")

KIND_WORDS = {"category_standings": CATEGORY_STANDINGS, "statistics": STATISTICS,
              "certificates": CERTIFICATES}
