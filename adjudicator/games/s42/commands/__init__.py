"""Stalingrad '42's CLI commands, one module per rule area.

Every module here defines ``register(app)``, which adds its commands to the
Typer app, and may define ``DEMO_STEPS`` (``(title, function)`` pairs that
``adjudicator demo`` runs on the bundled position, in ``DEMO_ORDER`` then module
order). The CLI discovers the modules, so a new rule area adds a file here and
touches nothing else.
"""
