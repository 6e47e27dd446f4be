"""Live sessions: a game kept as a ``.clue`` file on disk, read by the table commands and
changed one line at a time (lock, atomic write), and recording a line with what it changed.
"""
