# Outremer: `make run` serves the web app, `make play` plays in the terminal, `make test` checks
# everything. Each sets up .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP_RUN  := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test
CHROMIUM ?= /usr/bin/chromium

.PHONY: run play test lint typecheck unit e2e soak bench clean postgres chromium

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP_RUN): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(STAMP_TEST): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@ $(STAMP_RUN)

# The end-to-end tests drive Debian's Chromium (never a browser downloaded by Playwright),
# installed here when the machine lacks it. Checked on every run, so a machine that lost it gets
# it back; under `make test` a missing browser fails the browser tests instead of skipping them.
chromium:
	@test -x $(CHROMIUM) || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi; }

run: $(STAMP_RUN)
	$(BIN)/outremer serve

play: $(STAMP_RUN)
	$(BIN)/outremer play crusader-rex

lint: $(STAMP_TEST)
	$(BIN)/ruff check outremer tests bench examples
	$(BIN)/ruff format --check outremer tests bench examples

typecheck: $(STAMP_TEST)
	$(BIN)/mypy

# The server's tests also run on PostgreSQL (tests/server/postgres.py starts a throwaway cluster):
# Debian's server package, installed here when the machine lacks it.
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq postgresql >/dev/null)

unit: $(STAMP_TEST) postgres chromium
	OUTREMER_CHROMIUM=$(CHROMIUM) OUTREMER_REQUIRE_BROWSER=1 $(BIN)/pytest -n 2

e2e: $(STAMP_TEST) chromium
	OUTREMER_CHROMIUM=$(CHROMIUM) OUTREMER_REQUIRE_BROWSER=1 $(BIN)/pytest -n 2 -m e2e

test: lint typecheck unit

soak: $(STAMP_TEST)
	$(BIN)/pytest -n 2 --soak -m soak

bench: $(STAMP_RUN)
	$(BIN)/python bench/engine_speed.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
