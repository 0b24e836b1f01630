# Two front doors: `make play` and `make test`. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
TOOLS := $(VENV)/.build-tools
STAMP := $(VENV)/.installed

# Python caches each module's bytecode as it first imports it, whatever the environment says
# (some images set PYTHONDONTWRITEBYTECODE): the suite starts hundreds of Python processes
# (servers, terminals, test workers), each of which would otherwise compile every module it
# imports, and pip's install skips compiling (below) on that understanding.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: play serve test setup compiled lint typecheck bench clean test-build test-ruff test-pure test-suite \
	system-packages

# The virtualenv in two steps: first what the mypyc build needs (pyproject's build-system
# requires), then the package with its extras, built with those same tools (no isolated build
# environment to fill again). make test starts the build as soon as the first step is done.
# --no-compile: Python compiles a module the first time it is imported, and most of what is
# installed (Ray's, matplotlib's) never is; compiling it all at install is a third of pip's time.
$(TOOLS): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python tools/build-requires > $(VENV)/build-requires.txt
	$(BIN)/python -m pip install --quiet --no-compile -r $(VENV)/build-requires.txt
	touch $@

$(STAMP): $(TOOLS)
	$(BIN)/python -m pip install --quiet --no-compile --no-build-isolation -e ".[dev]"
	touch $@

BUILT := $(VENV)/.compiled

setup: $(BUILT) $(STAMP)

# The hot modules (engine, kernels, research fast path) compiled by mypyc, in place next to
# their sources (the editable install alone is pure Python); `make play` and `make serve` build
# them once (`make test`: below). Without a C compiler setup.py says so in one line and the
# package runs pure Python. An edited source newer than its compiled module makes tarocchi load
# every module from source, with a warning, until `make compiled` runs again
# (docs/performance.md). mypyc's type check keeps its cache in build/, apart from mypy's own
# (make test runs both at once).
define COMPILE
MYPY_CACHE_DIR=build/mypy-cache $(BIN)/python setup.py --quiet build_ext --inplace --force
PYTHONPATH=src $(BIN)/python -c "from tarocchi import loading; print('tarocchi:', loading.mode())"
endef

$(BUILT): $(TOOLS)
	$(COMPILE)
	touch $(BUILT)

compiled: $(TOOLS)
	rm -f $(BUILT)
	$(MAKE) --no-print-directory $(BUILT)

# Ctrl-C leaves the table (saving the game) with status 130, as shells expect of an interrupted
# program; here it is the way out, not an error for make to report: the recipe's shell outlives
# the interrupt (trap) and takes 130 for success.
play: $(BUILT) $(STAMP)
	trap : INT; $(BIN)/tarocchi play piedmont || [ $$? -eq 130 ]

serve: $(BUILT) $(STAMP)
	$(BIN)/tarocchi serve

# make test's build of the compiled modules: built again whenever setup.py or any source of the
# package is newer than the last build it checked (the compiled code reads the types of the modules
# it imports, compiled or not), or when a module does not load compiled (a deleted or stale .so, a
# build that fell back to pure Python); otherwise the checked build is used as it is.
TESTED := $(VENV)/.compiled-tested
SOURCES := setup.py $(shell find src -name '*.py' -o -name '*.c')
ALL_COMPILED := import sys; from tarocchi import loading; sys.exit(0 if all(loading.parts().values()) else 1)

$(TESTED): $(TOOLS) $(SOURCES)
	$(COMPILE)
	PYTHONPATH=src $(BIN)/python -c "$(ALL_COMPILED)" || { echo 'make test: the mypyc build failed (above), so the suite would not run compiled' >&2; exit 1; }
	touch $(BUILT) $@

test-build: $(TOOLS) system-packages
	PYTHONPATH=src $(BIN)/python -W ignore -c "$(ALL_COMPILED)" 2>/dev/null || rm -f $(TESTED)
	$(MAKE) --no-print-directory $(TESTED)

test-ruff: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

# The rules' exactness pure Python, as a checkout without a C compiler runs them: the golden
# playthroughs, worked by hand, need no compiled module (the suite runs them, and the conformance
# tests, compiled). One worker in make test, where it runs beside the build, which the suite
# waits for.
PURE_WORKERS ?= 2
test-pure: $(STAMP)
	TAROCCHI_PURE=1 $(BIN)/python -m pytest -n $(PURE_WORKERS) --dist worksteal -q tests/golden

# The whole suite compiled, naming its 20 slowest tests, on three workers: its browser and server
# tests spend much of their time waiting on processes and pages, which a third worker fills on two
# cores.
test-suite: test-build $(STAMP)
	$(BIN)/python -m pytest -n 3 --dist worksteal -q --durations=20

# Everything at once as soon as what it needs is there, each one's output shown whole as it
# ends: tools/system-packages (apt-get: the browsers, PostgreSQL, the C compiler) beside the
# virtualenv's first step, both mostly waiting on the network and the disk; the build once both
# are done, beside pip installing the rest (mostly network and disk too); ruff, mypy and the
# pure pass once pip is done, beside the build (which compiles its C files one per core), so the
# two cores are shared by what would wait in turn; the suite
# once the build and pip are done, beside what is left of the others. tools/system-packages
# installs the C compiler, so a build that falls back to pure Python here is a failure, not a
# silent pass.
test:
	$(MAKE) --no-print-directory --jobs=4 --output-sync=target PURE_WORKERS=1 test-ruff typecheck test-pure test-suite

system-packages:
	tools/system-packages

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(BUILT) $(STAMP)
	$(BIN)/tarocchi bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build
	find src -name '*.so' -delete
