#!/usr/bin/env bash
# `make demo`: a real session at the table, on copies of the example lists.
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
show() { printf '\n$ skatliste %s\n' "$*"; skatliste "$@"; }

echo "== Was that really 72? =="
show value kreuz mit 2 hand
show value grand ohne 1 augen 92 = 72
show value pik mit 1 gereizt 36
show value kreuz hand mit 1 schneider angesagt augen 70
show value --lang en null ouvert hand lost kontra
show bids 36

echo
echo "== Friday's list (a copy of examples/evening.json in $work) =="
cp evening.json "$work/evening.json"
export SKATLISTE_LEDGER="$work/evening.json"
show sheet
show add anna kreuz mit 2 hand augen 75
show pass
show add ben grand ohne 1 schneider = 96 || true
show undo
show explain 10
show summary --cent 0.25
show check
show chart
show export -o "$work/evening.html"

echo
echo "== A pub evening with Bock and Ramsch (examples/pub-evening.json) =="
cp pub-evening.json "$work/pub.json"
export SKATLISTE_LEDGER="$work/pub.json"
show sheet
show ramsch anna=40 ben=50 carl=30 jungfrau || true
show ramsch anna=40 ben=50 carl=30
show summary

echo
echo "== Cards: mit or ohne, who won the trick, a whole game =="
show spitzen grand ♥B ♦B ♣A ♣10 ♠A ♠10 ♥A ♥10 ♦A ♦10 ♣K ♠K
show trick grand CA CJ C7
show replay grand-hand.txt
show replay illegal-play.txt || true

echo
echo "== The tournament table of four (examples/tournament-4.json) =="
show summary --ledger tournament-4.json

echo
echo "== A Preisskat across tables (a copy of examples/tournament/, made by tournament.sh) =="
cp -r tournament "$work/tournament"
export SKATLISTE_TOURNAMENT="$work/tournament"
show tournament status
show tournament ranking
show tournament teams --size 2
show tournament prizes --pool 90 --split 50,30,20

echo
echo "== American Grand, the partnership game (a copy of examples/american-grand.json) =="
cp american-grand.json "$work/american.json"
export SKATLISTE_LEDGER="$work/american.json"
show add ben whist 25 stiche 11
show summary

echo
echo "== A league season (a copy of examples/league/, made by league.sh) =="
cp -r league "$work/league"
export SKATLISTE_LEAGUE="$work/league"
show league day report 2
show league table

echo
echo "== A club's season: three evenings and a cup (a copy of examples/season/, made by season.sh) =="
cp -r season "$work/season"
export SKATLISTE_SEASON="$work/season"
show season rules
show season standing
show season player "Hans Jürgen"
show season teams --size 2
