"""Enemy Action: Kharkov's command answers."""
