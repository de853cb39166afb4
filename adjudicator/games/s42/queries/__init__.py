"""Queries: each turns a position into a typed answer citing its rules."""
