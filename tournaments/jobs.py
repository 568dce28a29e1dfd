"""What a background job's row says about it: the reports' PDFs and the rating list imports
move through the same four states, shown with the same words."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class JobStatus(models.TextChoices):
    QUEUED = "queued", _("queued")
    RUNNING = "running", _("running")
    DONE = "done", _("done")
    FAILED = "failed", _("failed")
