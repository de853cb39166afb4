"""Benchmarks: ASP queries against the plain-Python reference (see README)."""
