"""Streets of Stalingrad's rules in plain Python, written from the rulebook apart from the
ASP encodings, for the differential tests: same conclusions, computed another way."""
