# The README's two commands, plus docs, bench and lint.
PY ?= python3

.PHONY: demo test docs bench lint ci

demo:  ## install and run every query on the bundled Stalingrad '42 position
	$(PY) -m pip install . && $(PY) -m adjudicator demo

test:  ## install with test extras and run the whole test suite
	$(PY) -m pip install '.[test]' && $(PY) -m pytest

docs:  ## build the rules site with warnings as errors
	$(PY) -m sphinx -W --keep-going -b html docs docs/_build/html

bench:  ## benchmarks against the plain-Python reference (writes bench/results.json)
	$(PY) -m bench

lint:
	$(PY) -m ruff check .

ci:
	bash .ci/run
