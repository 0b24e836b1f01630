# Two front doors: `make play` and `make test`. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play serve test setup compiled lint typecheck bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

BUILT := $(VENV)/.compiled

setup: $(BUILT)

# The hot modules (engine, kernels, research fast path) compiled by mypyc, in place next to
# their sources (the editable install alone is pure Python); `make play`, `make serve` and
# `make test` build them once. Without a C compiler setup.py says so in one line and the
# package runs pure Python. An edited source newer than its compiled module makes tarocchi load
# every module from source, with a warning, until `make compiled` runs again
# (docs/performance.md).
$(BUILT): $(STAMP)
	$(BIN)/python setup.py --quiet build_ext --inplace --force
	$(BIN)/python -c "from tarocchi import loading; print('tarocchi:', loading.mode())"
	touch $(BUILT)

compiled: $(STAMP)
	rm -f $(BUILT)
	$(MAKE) --no-print-directory $(BUILT)

# Ctrl-C leaves the table (saving the game) with status 130, as shells expect of an interrupted
# program; here it is the way out, not an error for make to report: the recipe's shell outlives
# the interrupt (trap) and takes 130 for success.
play: $(BUILT)
	trap : INT; $(BIN)/tarocchi play piedmont || [ $$? -eq 130 ]

serve: $(BUILT)
	$(BIN)/tarocchi serve

# The whole suite compiled, then the rules' exactness pure. tools/system-packages installs the
# C compiler too, so a build that falls back to pure Python here is a failure, not a silent pass.
test: $(STAMP)
	tools/system-packages
	$(MAKE) --no-print-directory compiled
	$(BIN)/python -c "import sys; from tarocchi import loading; sys.exit(0 if all(loading.parts().values()) else 'make test: the mypyc build failed (above), so the suite would not run compiled')"
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2 --dist worksteal -q
	TAROCCHI_PURE=1 $(BIN)/python -m pytest -n 2 --dist worksteal -q tests/golden tests/conformance

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(BUILT)
	$(BIN)/tarocchi bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build
	find src -name '*.so' -delete
