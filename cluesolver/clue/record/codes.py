"""Codes of the ``.clue`` reader's problems (:attr:`rulesref.core.errors.Problem.code`).

A code says what a problem is about, so that the rules check of a log
(:mod:`cluesolver.clue.analysis.logcheck`) and the CLI sort problems by code and never by
the wording of the message.  Codes show in neither the text nor the ``--json`` form of a
problem; the log check's findings carry the same codes (``check --json``).

=====================  ===================================================================
code                   the problem
=====================  ===================================================================
answer-order           an answer out of seating order (answers go clockwise from the
                       suggester's left)
answer-after-show      an answer after a player already showed a card
answer-after-nobody    an answer after 'nobody shows'
shown-not-suggested    the card shown is not one of the suggested cards
self-answer            the suggester answers their own suggestion
my-cards               'my cards' lists more or fewer cards than my hand holds in this deal
hand-total             the hand sizes (header 'hands:') do not add up to the cards dealt
hands-option           ``clue new --hands``: any other problem with the hand sizes given
=====================  ===================================================================

The first five are refusals of an answer, the next two of the header's hands; a problem
without a code is none of these.
"""

from __future__ import annotations

ANSWER_ORDER = "answer-order"
ANSWER_AFTER_SHOW = "answer-after-show"
ANSWER_AFTER_NOBODY = "answer-after-nobody"
SHOWN_NOT_SUGGESTED = "shown-not-suggested"
SELF_ANSWER = "self-answer"
MY_CARDS = "my-cards"
HAND_TOTAL = "hand-total"
HANDS_OPTION = "hands-option"

#: Problems about how many cards someone holds: ``clue new`` points at ``--hands`` for them.
ABOUT_HANDS = frozenset({MY_CARDS, HAND_TOTAL, HANDS_OPTION})
