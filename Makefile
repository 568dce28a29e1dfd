# Turnierwart — the two commands of the README, and the longer checks.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-services lint bench clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Until the web application exists (issue 3), `make run` shows the standings of the
# seed examples through the scoring command line.
run: $(STAMP)
	@for f in ../shared/fixtures/scoring/*-seed-example.json; do \
	  echo "== $$f"; $(BIN)/python -m scoring standings "$$f" || exit $$?; done

lint: $(STAMP)
	$(BIN)/ruff check scoring pairing tournaments config tests bench

test: $(STAMP) lint
	$(BIN)/python -m pytest

# The services tier (PostgreSQL, Redis, Celery, gunicorn) has no tests until the web
# application exists (issue 3); this checks that the services CI relies on answer.
test-services: $(STAMP)
	pg_isready -h 127.0.0.1 -p 5432
	redis-cli -h 127.0.0.1 -p 6379 ping
	@echo "services tier: PostgreSQL and Redis answer; no services tests yet (web app: issue 3)"

bench: $(STAMP)
	$(BIN)/python bench/standings.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache
