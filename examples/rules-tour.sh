#!/usr/bin/env bash
# A short tour of the rules reference.  Run: bash examples/rules-tour.sh
set -euo pipefail
run() { printf '\n$ %s\n' "$*"; "$@"; }

run cluesolver rules list clue
run cluesolver rules show clue refuting
run cluesolver rules search "what happens if nobody can show me a card"
run cluesolver rules search "can I take the tram back from the hospital in lost in vegas"
run cluesolver rules search "secert pasage" --game cluedo --limit 1
run cluesolver rules search "can I go all in without being in the location" --json --limit 1
run cluesolver rules lint
