# The README's two commands, plus docs, bench and lint. Every target works in a project
# virtual environment (.venv, made when missing), so it also runs on a system Python that
# refuses `pip install` (PEP 668).
PY ?= python3
VENV ?= .venv
VPY := $(VENV)/bin/python

.PHONY: demo test docs bench lint ci venv

$(VPY):
	$(PY) -m venv $(VENV)

venv: $(VPY)

demo: $(VPY)  ## install and run every query on the bundled Stalingrad '42 position
	$(VPY) -m pip install . && $(VENV)/bin/adjudicator demo

test: $(VPY)  ## install with test extras and run the whole test suite
	$(VPY) -m pip install '.[test]' && $(VPY) -m pytest

docs: $(VPY)  ## build the rules site with warnings as errors
	$(VPY) -m pip install '.[docs]' && $(VPY) -m sphinx -W --keep-going -b html docs docs/_build/html

bench: $(VPY)  ## benchmarks against the plain-Python reference (writes bench/results.json)
	$(VPY) -m pip install . && $(VPY) -m bench

lint: $(VPY)
	$(VPY) -m pip install '.[test]' && $(VPY) -m ruff check .

ci:
	bash .ci/run
