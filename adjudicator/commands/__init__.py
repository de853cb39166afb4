"""CLI commands, one module per rule area.

Every module here defines ``register(app)``, which adds its commands to the
Typer app. The CLI discovers the modules, so a new rule area adds a file here
and touches nothing else.
"""
