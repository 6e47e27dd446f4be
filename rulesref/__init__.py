"""Rules texts, search, calculators and checkers for the five games."""
