"""Advice at the table: what to suggest, when to accuse, how close each opponent is,
and self-play between scripted seats that measures it.
"""
