# Two commands do everything on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-test

.PHONY: run test venv bench package dist i18n clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Install (or refresh) the app with its test extra into .venv. setuptools says "Editable installation:
# be careful with folders named like your package" on every editable install of a flat layout; it is
# information, not a problem here, so it is filtered out (by its text) and any real warning still shows.
$(STAMP): $(BIN)/python pyproject.toml
	PYTHONWARNINGS="ignore:Editable installation" $(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

run: $(STAMP)
	$(BIN)/gmdesk

# The tests set QT_QPA_PLATFORM=offscreen themselves (tests/conftest.py); no display is needed.
# Two workers (pytest-xdist): the suite in about eight minutes on two cores instead of thirteen; every
# test keeps to its own temporary folders, settings and Qt application, so they run side by side.
test: $(STAMP)
	$(BIN)/python -m pytest -q -n 2

# A one-folder bundle in dist/gmdesk/ (PyInstaller; see packaging/README.md).
package: $(STAMP)
	$(BIN)/python packaging/build.py

# What a release ships, in dist/: the sdist (with the tests and docs), the wheel (built from that
# sdist), the one-folder bundle dist/gmdesk/, then twine's check of the sdist and the wheel.
dist: $(STAMP)
	rm -rf dist/gmdesk-*.tar.gz dist/gmdesk-*.whl
	$(BIN)/python -m build -q --outdir dist .
	$(BIN)/python packaging/build.py
	$(BIN)/python -m twine check --strict dist/gmdesk-*.tar.gz dist/gmdesk-*.whl

# Refresh the French catalogue from gmdesk/ui (pyside6-lupdate), fill new entries from
# gmdesk/resources/i18n/fr_*.tsv, compile the .qm (pyside6-lrelease).
i18n: $(STAMP)
	$(BIN)/python -m gmdesk.ui.i18n

# Speed and memory figures, each against a peer on the same work (see README).
bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/store.py --rows 200000
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/ui.py
	$(BIN)/python benchmarks/analytics.py --rows 1000000
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/importing.py
	$(BIN)/python benchmarks/bestiary.py
	$(BIN)/python benchmarks/fight_odds.py
	$(BIN)/python benchmarks/fight_sim.py
	$(BIN)/python benchmarks/recap.py
	QT_QPA_PLATFORM=offscreen $(BIN)/python benchmarks/actions.py

clean:
	rm -rf $(VENV) build dist *.egg-info
