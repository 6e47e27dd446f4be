"""Rules texts, search, calculators and checkers for the five games."""

from rulesref.cite import Citation, cite

__all__ = ["Citation", "cite"]
