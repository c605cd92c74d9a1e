#!/usr/bin/env bash
# `make demo`: a real session at the table, on a copy of the example evening.
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
echo "== Friday's list (examples/evening.json, copied to $work) =="
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

echo
echo "== The tournament table of four (examples/tournament-4.json) =="
show summary --ledger tournament-4.json
