# Outremer: `make run` serves the web app, `make play` plays in the terminal, `make test` checks
# everything. Each sets up .venv on first use.
#
# Installs take the exact versions tested, from constraints.txt (pyproject.toml declares the ranges
# Outremer works with). Each step leaves its stamp last, only once it has succeeded, so a failed or
# interrupted step is tried again by the next `make`; a changed pyproject.toml or constraints.txt
# installs again.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
CONSTRAINTS := constraints.txt
PIP := $(BIN)/python -m pip install -q -c $(CONSTRAINTS)
STAMP_VENV := $(VENV)/.created
STAMP_RUN  := $(VENV)/.installed-run
STAMP_TEST := $(VENV)/.installed-test
CHROMIUM ?= /usr/bin/chromium
NODE_BIN   := node_modules/.bin
STAMP_NPM  := node_modules/.installed

.PHONY: run play test smoke constraints lint lint-js typecheck unit e2e soak bench clean postgres chromium
.DELETE_ON_ERROR:

# Running venv again over a half-made one completes it (pip included).
$(STAMP_VENV):
	$(PYTHON) -m venv $(VENV)
	$(PIP) --upgrade pip
	touch $@

$(STAMP_RUN): pyproject.toml $(CONSTRAINTS) $(STAMP_VENV)
	$(PIP) -e .
	touch $@

$(STAMP_TEST): pyproject.toml $(CONSTRAINTS) $(STAMP_VENV)
	$(PIP) -e '.[test]'
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

lint: $(STAMP_TEST) lint-js
	$(BIN)/ruff check outremer tests bench examples
	$(BIN)/ruff format --check outremer tests bench examples

# The browser code (outremer/web/static/*.js, outremer/games/*/web/*.js) is linted by Biome with its
# recommended rules (biome.jsonc; its formatter is off). The exact version is pinned in package.json
# and package-lock.json; `npm ci` installs it into node_modules/ when that is missing or older than
# the lock file. Warnings fail the check too.
$(STAMP_NPM): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

lint-js: $(STAMP_NPM)
	$(NODE_BIN)/biome lint --error-on-warnings

typecheck: $(STAMP_TEST)
	$(BIN)/mypy

# The server's tests also run on PostgreSQL (tests/server/postgres.py starts a throwaway cluster):
# Debian's server package, installed here when the machine lacks it.
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq postgresql >/dev/null)

# The tests start many Python processes (web servers, command lines, workers): each reuses the
# bytecode the first one wrote, even where the environment asks Python not to write any.
TEST_ENV := PYTHONDONTWRITEBYTECODE= OUTREMER_CHROMIUM=$(CHROMIUM) OUTREMER_REQUIRE_BROWSER=1

unit: $(STAMP_TEST) postgres chromium
	$(TEST_ENV) $(BIN)/pytest -n 2

e2e: $(STAMP_TEST) chromium
	$(TEST_ENV) $(BIN)/pytest -n 2 -m e2e

# A clean virtualenv in a temporary folder with `pip install .` alone (no extras, not editable): every
# command of the base install runs there once (tests/smoke/base_install.py).
smoke:
	$(PYTHON) tests/smoke/base_install.py --constraints $(CONSTRAINTS)

# The base-install smoke and the static checks run side by side (each keeps one core busy), then the
# tests; -O keeps each step's output together.
test:
	$(MAKE) --no-print-directory -j2 -O smoke lint typecheck
	$(MAKE) --no-print-directory unit

soak: $(STAMP_TEST)
	$(BIN)/pytest -n 2 --soak -m soak

bench: $(STAMP_RUN)
	$(BIN)/python bench/engine_speed.py

# After a change of dependencies: install them in .venv, run `make test`, then pin what .venv holds.
constraints: $(STAMP_TEST)
	$(BIN)/python -m pip freeze --all --exclude-editable > $(VENV)/freeze.txt
	{ echo '# The exact versions tested (make constraints); pyproject.toml has the ranges.'; \
	  grep -v -i -e '^setuptools==' -e '^outremer==' $(VENV)/freeze.txt; } > $(CONSTRAINTS)

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache node_modules
