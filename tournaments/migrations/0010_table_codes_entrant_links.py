"""Links that follow the evening (issue 19): permanent table codes, personal entrant links."""

import secrets

from django.db import migrations, models

import tournaments.models


def give_links(apps, schema_editor):
    """Each existing entrant its own code (a column default would give all of them one)."""
    Entrant = apps.get_model("tournaments", "Entrant")
    for entrant in Entrant.objects.only("pk").iterator():
        Entrant.objects.filter(pk=entrant.pk).update(link_code=secrets.token_urlsafe(24))


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0009_provisional_dwz"),
    ]

    operations = [
        migrations.AddField(
            model_name="entrant",
            name="link_code",
            field=models.CharField(default="", editable=False, max_length=64),
        ),
        migrations.RunPython(give_links, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="entrant",
            name="link_code",
            field=models.CharField(db_index=True, default=tournaments.models.new_token,
                                   editable=False, max_length=64),
        ),
        migrations.CreateModel(
            name="TableCode",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True,
                                           serialize=False, verbose_name="ID")),
                ("number", models.PositiveSmallIntegerField()),
                ("code", models.CharField(default=tournaments.models.new_token, max_length=64,
                                          unique=True)),
                ("tournament", models.ForeignKey(
                    on_delete=models.deletion.CASCADE, related_name="table_codes",
                    to="tournaments.tournament")),
            ],
            options={"ordering": ["number"]},
        ),
        migrations.AddConstraint(
            model_name="tablecode",
            constraint=models.UniqueConstraint(fields=("tournament", "number"),
                                               name="one_code_per_table_number"),
        ),
    ]
