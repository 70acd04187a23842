# Keeper of the Cards: `make run` serves the site, `make check` runs the quick tier of the tests,
# `make test` the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PYTEST := $(VENV)/bin/pytest
# Which tests to take, by the marks tests/conftest.py gives each test ("not once", "browser"...),
# and anything else for pytest (`make test PYTEST_ARGS=tests/cards`).
MARKS ?=
PYTEST_ARGS ?=
# pytest's worker processes, each taking the next test as it finishes one: one a core by default,
# `WORKERS=0` for none (the tests in pytest's own process, as a debugger wants them).
WORKERS ?= auto
XDIST = -n $(WORKERS) --dist worksteal
# A folder for the JUnit reports of `make test` (CI lists the slowest tests from them).
REPORTS ?=
report = $(if $(REPORTS),--junitxml=$(REPORTS)/$(1).xml)
marks = $(if $(MARKS),($(MARKS)) and $(1),$(1))
# Python keeps the byte code it compiles (and pytest its rewritten test modules) even where the
# environment says not to: every test process, and every server a test starts, would otherwise
# compile Django and the suite afresh (17 s a process to collect the tests instead of 6).
unexport PYTHONDONTWRITEBYTECODE
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run dev serve check test lint format install install-dev migrate bench loadtest smoke clean

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

# The site as its users see it (its own error pages, static files as in production); `make dev`
# keeps Django's debug pages and restarts when the code changes.
run: migrate
	DJANGO_DEBUG=false $(PY) manage.py serve --host $(HOST) --port $(PORT) --noreload

dev: migrate
	DJANGO_DEBUG=true $(PY) manage.py serve --host $(HOST) --port $(PORT)

lint: install-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

format: install-dev
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# The quick tier: lint, types, and every test that needs no browser, no server and no minutes.
check: lint
	$(PYTEST) $(XDIST) -m "$(call marks,not browser and not service and not slow and not fuzz)" $(PYTEST_ARGS)

# The whole suite. Exit 5 is pytest's "no test selected" (PYTEST_ARGS or MARKS chose none).
test: lint
	$(PYTEST) $(XDIST) -m "$(MARKS)" $(call report,suite) $(PYTEST_ARGS) || [ $$? -eq 5 ]

bench: install-dev
	$(PY) bench/goldfish_bench.py
	$(PY) bench/goldfish_panel.py
	$(PY) bench/simulation_bench.py
	KOTC_SIMULATION_MAX_GAMES=10000000 $(PY) bench/simulation_bench.py --games 10000000
	$(PY) bench/glossary_bench.py
	$(PY) bench/search_bench.py --cards 100000
	$(PY) bench/guide_bench.py
	$(PY) bench/tabletop_bench.py
	$(PY) bench/readiness_bench.py
	$(PY) bench/verdicts_bench.py --cards 100000

loadtest: install-dev
	$(PY) bench/loadtest.py $(LOADTEST_ARGS)

# The Procfile's processes in the production settings on PostgreSQL, Redis and an S3 server.
smoke: install-dev
	$(PY) bench/production_smoke.py

clean:
	rm -rf $(VENV) var/kotc.sqlite3* var/broker .pytest_cache .ruff_cache .mypy_cache
