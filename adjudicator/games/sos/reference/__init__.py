"""Streets of Stalingrad's rules in plain Python, written from the rulebook apart from the
ASP encodings, for the differential tests in tests/sos: same conclusions, computed another
way (zones of control, stacking, isolation, retreats, advances, unit integrity, lines of
sight and spotting)."""
