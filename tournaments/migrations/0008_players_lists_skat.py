"""A chess player's ZPS, the imported rating lists, Skat as a discipline and the director's
full-point bye (Freilos); one migration for what came together on 2026-11-28."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0007_tournament_prizes'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='player',
            name='zps',
            field=models.CharField(blank=True, max_length=10, verbose_name='ZPS'),
        ),
        migrations.AlterField(
            model_name='byerequest',
            name='kind',
            field=models.CharField(choices=[('half', 'half-point bye'), ('zero', 'zero-point bye'), ('full', 'full-point bye (given by the director)')], default='half', max_length=4),
        ),
        migrations.AlterField(
            model_name='tournament',
            name='discipline',
            field=models.CharField(choices=[('chess', 'chess'), ('mucken', 'mucken'), ('pussi', 'pussi'), ('boardgame', 'boardgame'), ('tabletop', 'tabletop'), ('skat', 'skat')], max_length=20, verbose_name='discipline'),
        ),
        migrations.CreateModel(
            name='RatingList',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('dsb', 'DWZ list (DSB)'), ('fide', 'FIDE rating list')], max_length=4)),
                ('file_format', models.CharField(max_length=10)),
                ('file_name', models.CharField(max_length=200)),
                ('upload', models.FileField(blank=True, upload_to='rating-lists/')),
                ('status', models.CharField(choices=[('queued', 'queued'), ('running', 'running'), ('done', 'done'), ('failed', 'failed')], default='queued', max_length=10)),
                ('rows', models.PositiveIntegerField(default=0)),
                ('bytes_read', models.PositiveBigIntegerField(default=0)),
                ('size', models.PositiveBigIntegerField(default=0)),
                ('error', models.TextField(blank=True)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('finished', models.DateTimeField(blank=True, null=True)),
                ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'ordering': ['-created'],
            },
        ),
        migrations.CreateModel(
            name='RatingListEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('key', models.CharField(db_index=True, max_length=120)),
                ('name', models.CharField(max_length=120)),
                ('club', models.CharField(blank=True, max_length=120)),
                ('zps', models.CharField(blank=True, max_length=10)),
                ('sex', models.CharField(blank=True, max_length=1)),
                ('birth_year', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('dwz', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('dwz_index', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('elo', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('title', models.CharField(blank=True, max_length=4)),
                ('fide_id', models.CharField(blank=True, max_length=11)),
                ('federation', models.CharField(blank=True, max_length=3)),
                ('rating_list', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='entries', to='tournaments.ratinglist')),
            ],
            options={
                'ordering': ['key'],
            },
        ),
    ]
