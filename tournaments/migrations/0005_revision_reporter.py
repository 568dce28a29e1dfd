"""Who sent a result: the reporter key of each revision (a second device confirms)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0004_registration_markers"),
    ]

    operations = [
        migrations.AddField(
            model_name="resultrevision",
            name="reporter",
            field=models.CharField(blank=True, max_length=80),
        ),
    ]
