#!/usr/bin/env bash
# Builds examples/league/: a small league season played through the command line. Four teams
# (Pik As with three players, Kreuz Bube with a reserve), two series a match day, two match
# days: at Kiel all four teams, at Eutin Pik As does not appear and Emil plays for Kreuz Bube.
# Every table brings a paper Spielliste. tests/test_league_examples.py rebuilds it and
# compares.
#   bash examples/league.sh [FOLDER]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-$here/league}
rm -rf "$dir"
skatliste league new "$dir" --name "Kreisliga Nord 2027" --series 2 --seed 2027
export SKATLISTE_LEAGUE="$dir"
skatliste league team add "Kreuz Bube" --players Anna Ben Carl Dora Emil
skatliste league team add "Herz Dame" --players Frida Gerd Hans Ida
skatliste league team add "Pik As" --players Jens Kai Lena
skatliste league team add "Karo Zehn" --players Mia Nils Olga Paul

skatliste league day new 1 --teams "Kreuz Bube" "Herz Dame" "Pik As" "Karo Zehn" \
  --venue Kiel --date 2027-03-14
export SKATLISTE_TOURNAMENT="$dir/day-1"
skatliste league day draw 1 1
skatliste tournament result 1 1 Gerd=312/9/2 Nils=-40/3/4 Kai=118/6/1 Carl=205/7/2
skatliste tournament result 1 2 Mia=96/4/2 Jens=250/8/1 Ben=30/3/3 Frida=144/5/1
skatliste tournament result 1 3 Anna=420/11/1 Paul=60/4/3 Hans=-24/2/3 Lena=188/6/2
skatliste tournament result 1 4 Dora=130/5/2 Olga=275/8/1 Ida=-60/3/5
skatliste league day draw 1 2
skatliste tournament result 2 1 Paul=180/6/2 Kai=90/4/2 Ben=310/9/1 Ida=20/3/3
skatliste tournament result 2 2 Hans=240/7/1 Jens=-30/2/4 Dora=150/6/2 Nils=75/4/2
skatliste tournament result 2 3 Carl=45/3/3 Olga=200/7/2 Frida=330/9/1 Lena=110/5/2
skatliste tournament result 2 4 Mia=160/6/2 Anna=95/4/3 Gerd=270/8/1

skatliste league day new 2 --teams "Kreuz Bube" "Herz Dame" "Pik As" "Karo Zehn" \
  --lineup "Kreuz Bube=Emil,Anna,Ben,Carl" --venue Eutin --date 2027-04-11
skatliste league day absent 2 "Pik As"
export SKATLISTE_TOURNAMENT="$dir/day-2"
skatliste league day draw 2 1  # three teams of four: four tables of three
skatliste tournament result 1 1 Anna=220/7/1 Olga=140/5/2 Hans=64/3/3
skatliste tournament result 1 2 Nils=300/9/2 Carl=18/2/4 Frida=170/6/1
skatliste tournament result 1 3 Ben=120/5/2 Ida=260/8/1 Mia=-48/1/3
skatliste tournament result 1 4 Emil=190/6/1 Paul=84/4/3 Gerd=150/5/2
skatliste league day draw 2 2
skatliste tournament result 2 1 Paul=96/4/2 Frida=210/7/1 Anna=150/5/2
skatliste tournament result 2 2 Nils=40/3/3 Ben=280/8/1 Gerd=110/4/2
skatliste tournament result 2 3 Carl=230/7/1 Mia=130/5/2 Hans=72/3/3
skatliste tournament result 2 4 Ida=88/4/2 Emil=160/6/2 Olga=140/5/2
find "$dir" -name '*.lock' -delete
