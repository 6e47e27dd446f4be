"""The Clue games: variants, the ``.clue`` log, the exact engine, explanations, advice,
live sessions and rules checks of a log."""
