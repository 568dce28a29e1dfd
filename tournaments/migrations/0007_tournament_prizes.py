from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0006_log_undo"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="prizes",
            field=models.JSONField(blank=True, default=list, verbose_name="prizes"),
        ),
    ]
