# Two commands do everything on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-test

.PHONY: run test venv bench package i18n clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Install (or refresh) the app with its test extra into .venv.
$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

run: $(STAMP)
	$(BIN)/gmdesk

# The tests set QT_QPA_PLATFORM=offscreen themselves (tests/conftest.py); no display is needed.
test: $(STAMP)
	$(BIN)/python -m pytest -q

# A one-folder bundle in dist/gmdesk/ (PyInstaller; see packaging/README.md).
package: $(STAMP)
	$(BIN)/python packaging/build.py

# Refresh the French catalogue from gmdesk/ui (pyside6-lupdate), fill new entries from
# gmdesk/resources/i18n/fr_*.tsv, compile the .qm (pyside6-lrelease).
i18n: $(STAMP)
	$(BIN)/python -m gmdesk.ui.i18n

# Speed and memory figures, each against a peer on the same work (see README).
bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/store.py --rows 200000
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/ui.py

clean:
	rm -rf $(VENV) build dist *.egg-info
