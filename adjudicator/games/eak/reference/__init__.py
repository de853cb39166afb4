"""Plain-Python references of Enemy Action: Kharkov rules, written from the rulebook apart
from the encodings, for the differential tests."""
