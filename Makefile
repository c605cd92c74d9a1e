# The two commands a new machine needs: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test demo bench fuzz lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python -m compileall -q skatliste
	touch $(STAMP)

test: $(STAMP)
	$(BIN)/ruff check skatliste tests bench
	$(BIN)/ruff format --check skatliste tests bench
	$(BIN)/mypy
	$(BIN)/python -m pytest --cov --cov-report=term

demo: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" bash examples/demo.sh

# The whole CLI fed 100,000 generated inputs on every core (a few minutes): see tests/fuzz.py.
fuzz: $(STAMP)
	$(BIN)/python -m tests.fuzz 100000

bench: $(STAMP)
	$(BIN)/python bench/bench.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache build *.egg-info
