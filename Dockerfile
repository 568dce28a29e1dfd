# Turnierwart: one image for the web processes (gunicorn) and the Celery workers.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
RUN apt-get update \
 && apt-get install -y --no-install-recommends libpango-1.0-0 libpangoft2-1.0-0 \
      libharfbuzz0b fonts-dejavu-core gettext \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY pyproject.toml README.md ./
COPY scoring ./scoring
COPY pairing ./pairing
COPY tournaments ./tournaments
COPY config ./config
COPY templates ./templates
COPY static ./static
COPY locale ./locale
COPY manage.py ./
# A throw-away key for these two build commands only: without it the settings would
# write a key file into the image (the containers get theirs from SECRET_KEY).
RUN pip install --no-cache-dir . \
 && export SECRET_KEY="build-only-$(python -c 'import secrets; print(secrets.token_hex(32))')" \
 && python manage.py compilemessages -v0 \
 && DJANGO_DEBUG=0 python manage.py collectstatic --noinput -v0
RUN useradd --system --home /app turnierwart && mkdir -p /app/media \
 && chown turnierwart /app/media
USER turnierwart
EXPOSE 8000
CMD ["gunicorn", "config.wsgi", "--bind", "0.0.0.0:8000", "--workers", "4"]
