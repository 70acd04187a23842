# Keeper of the Cards: `make run` serves the site, `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run serve test lint format install install-dev migrate bench loadtest smoke clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade --quiet pip

# Reinstall only when the pinned requirements change.
$(VENV)/.installed: requirements.txt | $(VENV)/bin/python
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(VENV)/bin/python
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(VENV)/.installed $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

migrate: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_starter_set

run: migrate
	$(PY) manage.py serve --host $(HOST) --port $(PORT)

lint: install-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

format: install-dev
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

test: lint
	$(VENV)/bin/pytest $(PYTEST_ARGS)

bench: install-dev
	$(PY) bench/goldfish_bench.py
	$(PY) bench/goldfish_panel.py
	$(PY) bench/simulation_bench.py
	$(PY) bench/glossary_bench.py
	$(PY) bench/search_bench.py --cards 100000
	$(PY) bench/guide_bench.py

loadtest: install-dev
	$(PY) bench/loadtest.py $(LOADTEST_ARGS)

# The Procfile's processes in the production settings on PostgreSQL, Redis and an S3 server.
smoke: install-dev
	$(PY) bench/production_smoke.py

clean:
	rm -rf $(VENV) var/kotc.sqlite3* var/broker .pytest_cache .ruff_cache .mypy_cache
