# The discipline choices come from the registry (a callable): a new discipline needs no migration.

import tournaments.disciplines.registry
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0012_submission_keys'),
    ]

    operations = [
        migrations.AlterField(
            model_name='tournament',
            name='discipline',
            field=models.CharField(choices=tournaments.disciplines.registry.choices, max_length=20, verbose_name='discipline'),
        ),
    ]
