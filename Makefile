# The README's two commands, plus docs, bench and lint. Every target works in a project
# virtual environment (.venv, made when missing), so it also runs on a system Python that
# refuses `pip install` (PEP 668).
PY ?= python3
VENV ?= .venv
VPY := $(VENV)/bin/python

.PHONY: demo test docs bench lint ci venv explore

$(VPY):
	$(PY) -m venv $(VENV)

venv: $(VPY)

demo: $(VPY)  ## install and run every query on the bundled Stalingrad '42 position
	$(VPY) -m pip install . && $(VENV)/bin/adjudicator demo

test: $(VPY)  ## install with test extras and run the whole test suite
	$(VPY) -m pip install '.[test]' && $(VPY) -m pytest

docs: $(VPY)  ## build the rules site with warnings as errors
	$(VPY) -m pip install '.[docs]' && $(VPY) -m sphinx -W --keep-going -b html docs docs/_build/html

bench: $(VPY)  ## benchmarks against the plain-Python reference (writes bench/results.json, bench/kb42_results.json)
	$(VPY) -m pip install . && $(VPY) -m bench && $(VPY) -m bench.kb42

# The differential tests (adjudicator against the plain-Python reference) on fresh random
# positions: EXAMPLES per test, and every area (AREA: zoc_bonds, supply, retreat, advance;
# empty for all) tests each named reading as its own test. Prints how many examples each ran.
EXAMPLES ?= 10000
AREA ?=
explore: $(VPY)  ## hunt for disagreements with fresh random examples (long: hours for all areas)
	$(VPY) -m pip install -q '.[test]' && HYPOTHESIS_PROFILE=explore HYPOTHESIS_EXAMPLES=$(EXAMPLES) \
	  $(VPY) -m pytest -q -p no:cacheprovider --hypothesis-show-statistics \
	  $$(find tests -name 'test_differential_$(AREA)*.py' ! -name '*rulings*' | sort)

lint: $(VPY)
	$(VPY) -m pip install '.[test]' && $(VPY) -m ruff check .

ci:
	bash .ci/run
