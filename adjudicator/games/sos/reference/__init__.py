"""Plain-Python references for Streets of Stalingrad rules, written apart from the
encodings and compared with them in tests/sos (differential tests)."""
