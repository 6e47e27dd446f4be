"""cluesolver: exact deduction for Clue games, and rules and scores for the Vegas games."""

__version__ = "0.1.0"
