#!/usr/bin/env bash
# Builds examples/tournament/: a small Preisskat played through the command line. 9 players
# (a CSV with German headers), 2 series of 6 games at tables of three (--games 6/8, short for
# the example; the SkWO plays 36/48). Each series: one table keeps its list game by game, two
# bring a paper Spielliste. tests/test_cli_tournament.py rebuilds it and compares.
#   bash examples/tournament.sh [FOLDER]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-$here/tournament}
rm -rf "$dir"
skatliste tournament new "$dir" --name "Preisskat Dezember" --date 2026-12-05 \
  --series 2 --games 6/8 --seed 2026
export SKATLISTE_TOURNAMENT="$dir"
skatliste tournament player import "$here/tournament-players.csv"

skatliste tournament draw 1
list="$dir/series-1/table-01.json"  # Emil, Ida, Frida; Emil deals first
skatliste add --ledger "$list" ida grand mit 1 augen 75
skatliste add --ledger "$list" frida kreuz ohne 2 augen 58
skatliste add --ledger "$list" emil herz mit 1 augen 80
skatliste pass --ledger "$list"
skatliste add --ledger "$list" ida null
skatliste add --ledger "$list" emil pik mit 2 augen 44
skatliste tournament result 1 2 Gerd=96/2/1 Dora=-20/1/1 Carl=40/1/0
skatliste tournament result 1 3 Anna=120/2/0 Ben=-48/0/1 Hans=18/1/0

skatliste tournament draw 2
skatliste tournament result 2 1 Ben=72/2/0 Dora=0/0/0 Emil=-36/0/1
list="$dir/series-2/table-02.json"  # Ida, Hans, Gerd; Ida deals first
skatliste add --ledger "$list" hans kreuz mit 1 augen 70
skatliste add --ledger "$list" gerd grand ohne 1 augen 50
skatliste add --ledger "$list" ida herz ohne 1 augen 66
skatliste pass --ledger "$list"
skatliste add --ledger "$list" hans null ouvert
skatliste add --ledger "$list" ida karo mit 3 augen 61
skatliste tournament result 2 3 Anna=30/1/1 Carl=0/0/0 Frida=60/2/0
rm -f "$dir"/.skatliste-cache.json "$dir"/*.lock "$dir"/series-*/*.lock
