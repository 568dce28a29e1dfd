"""Undo from the action log: what an entry wrote and read, which entry an undo takes back,
and undone result revisions."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0005_revision_reporter"),
    ]

    operations = [
        migrations.AddField(
            model_name="actionlog",
            name="writes",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AddField(
            model_name="actionlog",
            name="reads",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AddField(
            model_name="actionlog",
            name="undoes",
            field=models.OneToOneField(blank=True, null=True,
                                       on_delete=django.db.models.deletion.CASCADE,
                                       related_name="undone_by", to="tournaments.actionlog"),
        ),
        migrations.AddField(
            model_name="resultrevision",
            name="undone",
            field=models.BooleanField(default=False),
        ),
    ]
