"""Rules texts, search, calculators and checkers for the five games.

The layers point one way (see docs/architecture.md): ``rulesref.core`` (errors,
safe files, names, findings, game ids) at the bottom, then the rule books
(``book``, ``search``, ``cite``), then the Vegas games (``las_vegas``, ``lords``,
``welcome``).  This file imports nothing, so that importing the core loads nothing else.
"""
