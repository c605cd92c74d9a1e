#!/usr/bin/env bash
# Builds examples/season/: a club's January played through the command line. Three club
# evenings of lists (two tables, a table of four, two spellings of one player) and a small
# cup tournament on the fourth (one table on its list, one on paper; it gives the clubs).
# The season drops each player's worst series and ranks who came at least twice (Gerd, a
# guest of one evening, is listed below).
# tests/test_season_cli.py rebuilds it and compares.
#   bash examples/season.sh [FOLDER]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-$here/season}
rm -rf "$dir"
skatliste season new "$dir" --name "Vereinsmeisterschaft 2027" --drop 1 --min-evenings 2
export SKATLISTE_SEASON="$dir"
mkdir -p "$dir/abende"

list="$dir/abende/2027-01-08-tisch1.json"
skatliste new --players Anna Ben Carl --ledger "$list"
skatliste add --ledger "$list" anna kreuz mit 1 augen 72
skatliste add --ledger "$list" ben grand ohne 1 augen 66
skatliste add --ledger "$list" carl herz mit 2 augen 40
skatliste add --ledger "$list" anna null
skatliste add --ledger "$list" ben pik ohne 1 augen 61
skatliste add --ledger "$list" carl karo mit 1 augen 88
list="$dir/abende/2027-01-08-tisch2.json"
skatliste new --players Dora Emil Hans-Jürgen --ledger "$list"
skatliste add --ledger "$list" dora grand mit 1 augen 75
skatliste add --ledger "$list" emil kreuz ohne 2 augen 58
skatliste add --ledger "$list" hans-jürgen herz mit 1 augen 55
skatliste add --ledger "$list" dora null ouvert
skatliste season add "$dir"/abende/2027-01-08-*.json --date 2027-01-08

list="$dir/abende/2027-01-15-tisch1.json"
skatliste new --players Anna Ben Dora Gerd --ledger "$list"
skatliste add --ledger "$list" ben grand mit 2 augen 80
skatliste add --ledger "$list" dora kreuz mit 1 augen 45
skatliste add --ledger "$list" gerd pik mit 1 augen 70
skatliste add --ledger "$list" anna herz ohne 1 augen 64
skatliste add --ledger "$list" ben null hand
skatliste add --ledger "$list" dora grand ohne 1 augen 91
skatliste season add "$list" --date 2027-01-15

list="$dir/abende/2027-01-22-tisch1.json"
skatliste new --players Anna Carl Emil --ledger "$list"
skatliste add --ledger "$list" carl grand mit 1 augen 70
skatliste add --ledger "$list" emil karo ohne 1 augen 50
skatliste add --ledger "$list" anna kreuz mit 2 augen 81
skatliste add --ledger "$list" carl null
list="$dir/abende/2027-01-22-tisch2.json"
skatliste new --players Ben Dora "Hans Jürgen" --ledger "$list"
skatliste add --ledger "$list" "hans jürgen" kreuz mit 1 augen 62
skatliste add --ledger "$list" ben herz ohne 2 augen 33
skatliste add --ledger "$list" dora pik mit 1 augen 90
skatliste season add "$dir"/abende/2027-01-22-*.json --date 2027-01-22
skatliste season alias "Hans-Jürgen" "Hans Jürgen"

cup="$dir/pokal"
skatliste tournament new "$cup" --name "Januarpokal" --date 2027-01-29 --series 1 \
  --games 4/4 --seed 2027
export SKATLISTE_TOURNAMENT="$cup"
skatliste tournament player add Anna --club "Herz As"
skatliste tournament player add Ben --club "Herz As"
skatliste tournament player add Carl --club "Kreuz Bube"
skatliste tournament player add Dora --club "Kreuz Bube"
skatliste tournament player add Emil --club "Herz As"
skatliste tournament player add Hans-Jürgen --club "Kreuz Bube"
skatliste tournament draw 1
skatliste tournament result 1 1 Emil=48/2/0 Dora=-60/0/1 Hans-Jürgen=20/1/0
list="$cup/series-1/table-02.json"  # Ben, Anna, Carl; Ben deals first
skatliste add --ledger "$list" ben kreuz mit 1 augen 75
skatliste add --ledger "$list" anna grand mit 1 augen 70
skatliste add --ledger "$list" carl herz ohne 1 augen 40
skatliste pass --ledger "$list"
skatliste season add "$cup" --date 2027-01-29
rm -f "$dir"/*.lock "$dir"/abende/*.lock "$cup"/*.lock "$cup"/series-*/*.lock "$cup"/.skatliste-cache.json
