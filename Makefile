# Two entry points (see README): `make lab` and `make test`.  Both build .venv first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: setup lab test check lint bench tournament images handouts pages notebooks site clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[lab,test,bench]"
	touch $@

setup: $(STAMP)

# JupyterLab refuses to run as root unless told; only then is the flag given.  No news
# prompt and no update check: nothing is fetched from the internet.
# It opens on notebooks/README.md, shown as a page (Markdown files open as a preview in this
# venv's JupyterLab), where a learner picks a language: the English notebooks beside it, the
# Icelandic ones in notebooks/is/.
LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json
$(LAB_OVERRIDES): $(STAMP)
	mkdir -p $(dir $@)
	printf '%s\n' '{"@jupyterlab/docmanager-extension:plugin": {"defaultViewers": {"markdown": "Markdown Preview"}}}' > $@

lab: $(STAMP) $(LAB_OVERRIDES)
	$(BIN)/jupyter lab --ip=127.0.0.1 $(if $(filter 0,$(shell id -u)),--allow-root) \
	  --LabApp.news_url=None --LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate \
	  --ServerApp.root_dir=notebooks --LabApp.default_url=/lab/tree/README.md

# Two pytest runs, both always run, `make test` failing if either fails (a run that collects
# nothing, pytest's exit 5, fails too): everything but the browser tests on both cores (one
# notebook, or one test file, per worker at a time: a notebook's cells share its kernel, in
# order), then the browser tests, also on both cores: each worker drives its own Chromium
# and Voilà server, and most of their time is waiting on the pages' own pace.
test: $(STAMP) lint
	$(BIN)/python -m pytest -n 2 --dist loadfile -m "not browser"; rest=$$?; \
	$(BIN)/python -m pytest -n 2 -m browser tests/browser; browser=$$?; \
	echo "make test: pytest exit $$rest (engine, table, notebooks), $$browser (browser)"; \
	test $$rest -eq 0 && test $$browser -eq 0

# The quick loop after an edit (about 65 s of CPU on 2 cores; README): lint and types, then the engine
# and table tests on both cores, without the notebooks (nor nbval's slow import), the browser
# and the tests marked slow.
check: $(STAMP) lint
	$(BIN)/python -m pytest -o addopts="" -p no:nbval -p no:cacheprovider --strict-markers -q -n 2 \
	  -m "not slow and not browser" tests --ignore=tests/browser

lint: $(STAMP)
	$(BIN)/ruff check cardlearn tests benchmarks
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m benchmarks

tournament: $(STAMP)
	$(BIN)/python -m benchmarks --only tournament

images: $(STAMP)
	$(BIN)/python -m cardlearn.images images

# One printable page of rules per game and language (PDF and SVG) into handouts/.
handouts: $(STAMP)
	$(BIN)/python -m cardlearn.handouts handouts

# Serve each game as a classroom page (no code; Voilà) on http://127.0.0.1:8866/.
# `make pages LAN=1` listens on the local network instead and prints the address pupils
# open.  A kernel whose page was closed (or reloaded) is shut down after 60 s idle.
# pages/.voila/voila.py (read through JUPYTER_CONFIG_PATH) keeps two kernels per page
# started and the page run in them, so that a page opens at once (pages/.voila/README.md).
# Every page is a room, kept where CARDLEARN_ROOMS says (default
# ~/.local/share/cardlearn/rooms.sqlite; a postgresql:// URL for a school's database):
# `CARDLEARN_ROOMS=postgresql://... make pages` (pages/README.md, docs/rooms.md).
# A lesson (docs/lesson.md): pupils join on the front page with the teacher's code; under
# LAN=1 the teacher's page shows the LAN address (CARDLEARN_PUPILS_URL) and its QR code.
PAGES_PORT := 8866
pages: $(STAMP)
	@$(if $(LAN),echo "Pupils open: http://$$(hostname -I 2>/dev/null | cut -d' ' -f1):$(PAGES_PORT)/", \
	  echo "Open http://127.0.0.1:$(PAGES_PORT)/ (make pages LAN=1 serves the local network)")
	$(if $(LAN),CARDLEARN_PUPILS_URL=http://$$(hostname -I 2>/dev/null | cut -d' ' -f1):$(PAGES_PORT)/) \
	JUPYTER_PATH=$(CURDIR)/pages/.voila JUPYTER_CONFIG_PATH=$(CURDIR)/pages/.voila $(BIN)/voila --no-browser --Voila.ip=$(if $(LAN),0.0.0.0,127.0.0.1) \
	  --port=$(PAGES_PORT) --template=cardlearn \
	  --MappingKernelManager.cull_idle_timeout=60 --MappingKernelManager.cull_interval=15 pages/

# The course as a static website in site/ (not committed): JupyterLite with the notebooks
# and the four classroom pages, the Pyodide runtime and every wheel served from site/
# itself (docs/site.md).  Its build tools get a venv of their own in ~/.cache/cardlearn/site/ (with
# the downloads, so a second build is quick); an unchanged tree is not built again.
# Serve it from any static host: `python3 -m http.server -d site` for a look.
site: $(STAMP)
	$(BIN)/python tools/site/build.py

# Re-execute every notebook in place, storing reproducible outputs (after changing one).
notebooks: $(STAMP)
	$(BIN)/python tools/run_notebooks.py notebooks/*.ipynb

clean:
	rm -rf $(VENV) build *.egg-info site site.new site.work site.lock test-output
