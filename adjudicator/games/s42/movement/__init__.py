"""Stalingrad '42 movement (chapter 5): the terrain effects chart as data."""
