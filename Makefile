# Turnierwart — the two commands of the README, and the longer checks.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PG_URL ?= postgres://postgres@127.0.0.1:5432/turnierwart
REDIS_URL_TEST ?= redis://127.0.0.1:6379/15

.PHONY: run test test-a11y test-services test-browser test-dutch test-dutch-large test-trf test-faults lint bench bench-dutch bench-proxy messages clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The embedded default: SQLite, in-process tasks, local-memory cache, demo tournaments.
# HOST=0.0.0.0 serves the hall's Wi-Fi (QR codes then carry this machine's LAN address,
# or PUBLIC_URL when set); the addresses and logins are printed once the server is ready.
HOST ?= 127.0.0.1
PORT ?= 8000
LISTEN := $(if $(findstring :,$(HOST)),[$(HOST)],$(HOST)):$(PORT)
# Beyond this computer (the hall's Wi-Fi) the demo logins never keep the README's password:
# a fresh one is made here (unless DEMO_PASSWORD is set) and printed in the banner.
LOOPBACK := $(filter 127.% localhost ::1,$(HOST))
ifeq ($(LOOPBACK),)
DEMO_PASSWORD ?= $(shell $(PY) -c "import secrets; print(secrets.token_urlsafe(9))")
export DEMO_PASSWORD
endif

run: $(STAMP)
	@$(BIN)/python manage.py compilemessages -v0 --ignore '.venv/*' \
	  || echo "German texts not compiled, the pages stay English: install gettext (README)"
	@DJANGO_DEBUG=1 $(BIN)/python manage.py migrate -v0
	@DJANGO_DEBUG=1 $(BIN)/python manage.py load_demo
	@DJANGO_DEBUG=1 $(BIN)/python manage.py serve $(LISTEN)

# ruff, then mypy with django-stubs over the code (settings in pyproject.toml; its cache
# in .mypy_cache makes a second run take seconds).
lint: $(STAMP)
	$(BIN)/ruff check scoring pairing tournaments config tests bench tools
	$(BIN)/mypy scoring pairing tournaments config

messages: $(STAMP)
	$(BIN)/python manage.py compilemessages -v0 --ignore '.venv/*'

# SQLite, in-process tasks; browser tests run when Debian's chromium is installed.
# JOBS pytest-xdist workers (one per core on CI's two): each has its own test database
# (and, in the services tier, its own Redis database: tests/settings.py); worksteal hands a
# long browser test's neighbours to the idle worker.
JOBS ?= 2
XDIST := -n $(JOBS) --dist worksteal
test: $(STAMP) lint messages
	$(BIN)/python -m pytest -m "not services" -p no:cacheprovider $(XDIST)

# The suite's database tests against PostgreSQL and Redis (the pure tests of tests/unit
# touch no database and ran in make test; of the browser tests, those about concurrent
# writers: two desks registering at once need a server database; the pages themselves are
# the same on either database and ran in make test), then the tests that start a real
# Celery worker and gunicorn and go through them.
test-services: $(STAMP) messages
	DATABASE_URL=$(PG_URL) REDIS_URL=$(REDIS_URL_TEST) CELERY_EAGER=1 TEST_DATABASE_ONLY=1 \
	  $(BIN)/python -m pytest -m "not services and (not browser or server_db)" -p no:cacheprovider \
	  $(XDIST)
	DATABASE_URL=$(PG_URL) REDIS_URL=$(REDIS_URL_TEST) CELERY_EAGER=0 \
	  $(BIN)/python -m pytest -m services -p no:cacheprovider

test-browser: $(STAMP) messages
	$(BIN)/python -m pytest -m browser -p no:cacheprovider $(XDIST)

# The hall evening through nginx with the shipped config (docs/load.md, "Through the proxy"):
# The evening with 5,000 phones through the proxy (and wrk: standings vs static files), the
# same without it, and two web nodes with one SIGKILLed. About 30 minutes; needs PostgreSQL, Redis, nginx and wrk.
# HALL_DATABASE / HALL_REDIS choose the bench's database and Redis db (dropped and flushed).
bench-proxy: $(STAMP)
	$(BIN)/python bench/hall.py --proxy --nginx-workers auto --minutes 2 --spectators 5000 \
	  --wrk --wrk-rounds 3
	$(BIN)/python bench/hall.py --minutes 2 --spectators 5000 --wrk
	$(BIN)/python bench/hall.py --proxy --nginx-workers auto --nodes 2 --workers 2 \
	  --minutes 2 --spectators 5000 --kill-node-at 60

# Every Dutch reference file through the database and back as TRF (make test: a sample).
test-trf: $(STAMP)
	$(BIN)/python tools/trf_roundtrip.py

# Break the production topology on purpose: own PostgreSQL (initdb, port 5440) and Redis
# (port 6390), never the shared ones; needs PostgreSQL server binaries and redis-server.
# See docs/faults.md.
test-faults: $(STAMP)
	$(BIN)/python -m pytest tests/faults -q -p no:cacheprovider -s

bench: $(STAMP)
	$(BIN)/python bench/standings.py

# Every round of the 300 Dutch reference tournaments and the 40 accelerated ones
# (make test replays a sample of each).
test-dutch: $(STAMP)
	$(BIN)/python -m pairing.replay --jobs 2

# The Dutch engine at 5,000 and 9,999 players against its frozen predecessor (tests/dutch_oracle),
# where the reference engine cannot finish: long (the oracle alone takes minutes at 5,000).
test-dutch-large: $(STAMP)
	$(BIN)/python tools/dutch_large.py fixtures/dutch-large/p5000.trf.gz \
	  fixtures/dutch-large/p9999.trf.gz

# A table of players x rounds (time, peak memory); the reference beside it with BBP_SOURCE=DIR.
bench-dutch: $(STAMP)
	$(BIN)/python bench/dutch.py --timeout 600

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache .mypy_cache db.sqlite3 media staticfiles secret_key

# The accessibility walk in all four size × language combinations (make test: two).
test-a11y: $(STAMP) messages
	A11Y_ALL=1 $(BIN)/python -m pytest tests/browser/test_accessibility.py -p no:cacheprovider
