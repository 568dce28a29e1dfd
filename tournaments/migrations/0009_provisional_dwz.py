"""A provisional DWZ (the seed's "1457-(3)"): the player has too few rated games for a first
DWZ; ``dwz_index`` then counts those games."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0008_players_lists_skat'),
    ]

    operations = [
        migrations.AddField(
            model_name='player',
            name='dwz_provisional',
            field=models.BooleanField(default=False, verbose_name='provisional DWZ'),
        ),
    ]
