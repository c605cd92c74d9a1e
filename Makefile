# The two commands a new machine needs: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test demo bench fuzz lint clean chromium screenshots catalogues

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python -m compileall -q skatliste
	touch $(STAMP)

# The browser test drives Debian's chromium (Playwright's own browser download cannot be
# reached here). As root, install it; otherwise say what to install and stop.
CHROMIUM ?= /usr/bin/chromium
chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing Debian's chromium for the browser test (apt-get)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else \
	    echo "make test needs Chromium for the browser test: run 'sudo apt-get install chromium'" \
	      "(Debian/Ubuntu), or set CHROMIUM=/path/to/chromium"; \
	    exit 1; \
	  fi; \
	fi

# The browser tests check the page's accessibility with axe-core (npm's package, installed
# here at test time when missing and injected into the page by the tests; never committed).
AXE ?= $(VENV)/axe/node_modules/axe-core/axe.min.js
$(AXE):
	@if ! command -v npm >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing Debian's npm for axe-core (apt-get)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null; \
	  else \
	    echo "make test needs npm for axe-core (the page's accessibility checks): run" \
	      "'sudo apt-get install npm', or set AXE=/path/to/axe.min.js"; \
	    exit 1; \
	  fi; \
	fi
	npm install --silent --no-audit --no-fund --prefix $(VENV)/axe axe-core@4

test: $(STAMP) chromium $(AXE)
	$(BIN)/ruff check skatliste tests bench
	$(BIN)/ruff format --check skatliste tests bench
	$(BIN)/mypy
	SKATLISTE_CHROMIUM="$(CHROMIUM)" SKATLISTE_AXE="$(AXE)" $(BIN)/python -m pytest -n 2 --cov --cov-report=term

# The README's pictures of the phone page, taken by the browser test at 390 x 850.
screenshots: $(STAMP) chromium
	mkdir -p docs/screenshots
	SKATLISTE_CHROMIUM="$(CHROMIUM)" SKATLISTE_SCREENSHOTS=docs/screenshots \
	  $(BIN)/python -m pytest -q tests/test_web_browser.py tests/test_page_offline.py \
	  tests/test_publish_browser.py \
	  -k "short_evening or tournament or land_once or american_grand_list"

# The message catalogues: Babel extracts the ids of every msg()/nmsg() call, the command tree
# is walked for every --help text (skatliste/cli/helptexts.py), the new ids are added to
# skatliste/locale/*/LC_MESSAGES/skatliste.po (translations kept, order kept; fill in the
# empty ones) and the .mo beside each is compiled (see tests/catalogues.py).
catalogues: $(STAMP)
	$(BIN)/python -m tests.catalogues

demo: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" bash examples/demo.sh

# The whole CLI fed 100,000 generated inputs on every core (a few minutes): see tests/fuzz.py.
fuzz: $(STAMP)
	$(BIN)/python -m tests.fuzz 100000

# HALL=--quick runs the hall load test for 15 s instead of 60 s (bench/hall.py);
# CRASH=--quick the crash trial with 100 kills instead of 1,000 (bench/crash.py).
# All parts run whatever the first says; make bench fails when a target of any of them does.
bench: $(STAMP)
	@status=0; \
	$(BIN)/python bench/bench.py || status=1; \
	$(BIN)/python bench/hall.py $(HALL) || status=1; \
	$(BIN)/python bench/crash.py $(CRASH) || status=1; \
	exit $$status

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache build *.egg-info
