"""Rules knowledge base and logic-based adjudicator for hex-and-counter wargames."""

__version__ = "0.1.0"
