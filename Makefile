# Two entry points (see README): `make lab` and `make test`.  Both build .venv first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: setup lab test lint bench images pages notebooks clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[lab,test]"
	touch $@

setup: $(STAMP)

# JupyterLab refuses to run as root unless told; only then is the flag given.
lab: $(STAMP)
	$(BIN)/jupyter lab --ip=127.0.0.1 $(if $(filter 0,$(shell id -u)),--allow-root) notebooks/

test: $(STAMP) lint
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check cardlearn tests benchmarks

bench: $(STAMP)
	$(BIN)/python -m benchmarks

images: $(STAMP)
	$(BIN)/python -m cardlearn.images images

# Serve each game as a classroom page (no code; Voilà) on http://127.0.0.1:8866/
pages: $(STAMP)
	JUPYTER_PATH=$(CURDIR)/pages/.voila $(BIN)/voila --Voila.ip=127.0.0.1 --port=8866 \
	  --template=cardlearn pages/

# Re-execute every notebook in place, storing reproducible outputs (after changing one).
notebooks: $(STAMP)
	$(BIN)/python tools/run_notebooks.py notebooks/*.ipynb

clean:
	rm -rf $(VENV) build *.egg-info
