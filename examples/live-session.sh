#!/usr/bin/env bash
# A game night with the live companion, in a scratch folder (your real sessions are untouched).
# Run: bash examples/live-session.sh
set -euo pipefail
export CLUESOLVER_HOME="$(mktemp -d)"
trap 'rm -rf "$CLUESOLVER_HOME"' EXIT
run() { echo; echo "\$ cluesolver $*"; cluesolver "$@" || echo "(exit code $?)"; }

run clue new saturday --game classic --players Ann,Ben,Cat,Dan --me Ann --cards "Scarlet, Rope, Kitchen, Hall, Study"
run clue add "Ann suggests Mustard, Knife, Lounge; Ben passes; Cat shows Knife"
run clue add "Ben suggests Plum, Rope, Library; Cat passes; Dan shows"
run clue add "Cat suggests Green, Wrench, Study; Dan passes; Ann shows Study"
run clue add "Dan suggests Peacock, Lead Pipe, Ballroom; nobody shows"
run clue add "Ben suggests Plum, Revolver, Libary"          # a typo: refused, nothing written
run clue status
run clue why "Cat has Knife"
run clue next --room Lounge
run clue accuse?
run clue undo
run clue list
run clue export
run clue check
