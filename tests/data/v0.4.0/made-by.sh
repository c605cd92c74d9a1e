set -e
S=/work/wt/files/.venv/bin/skatliste
export SKATLISTE_LANG=en
# a Skat list, with an undo in its history
$S new --players Anna Ben Carl --rules isko --ledger skat.json
$S add ben kreuz mit 2 hand augen 75 --ledger skat.json
$S add carl pik mit 1 gereizt 36 --ledger skat.json
$S add anna grand ohne 1 augen 59 kontra --ledger skat.json
$S add ben null ouvert --ledger skat.json
$S add carl herz mit 1 augen 40 --ledger skat.json
$S undo --ledger skat.json
# an American Grand list
$S new --rules american-grand --players Anna Ben Carl Dora --ledger american-grand.json
$S add ben whist 25 stiche 11 --ledger american-grand.json
$S add carl grand 20 stiche 10 --ledger american-grand.json
$S add dora euchre 20 allein stiche 5 --ledger american-grand.json
$S add anna herz 40 herzen 2 --ledger american-grand.json
# a tournament folder: players, a draw, a list, a paper result replaced, a player removed
$S tournament new tournament --name "Preisskat Dezember" --date 2026-12-05 --series 2 --games 6/8 --seed 2026
$S tournament player import /work/wt/files/examples/tournament-players.csv --tournament tournament
$S tournament draw 1 --tournament tournament
$S add --ledger tournament/series-1/table-01.json ida grand mit 1 augen 75
$S tournament result 1 2 Gerd=96/2/1 Dora=-20/1/1 Carl=40/1/0 --tournament tournament
$S tournament result 1 2 Gerd=96/2/1 Dora=-20/1/1 Carl=48/1/0 --tournament tournament --replace || $S tournament result 1 2 Gerd=96/2/1 Dora=-20/1/1 Carl=48/1/0 --tournament tournament --force
# a season: two evenings, an alias, a rules change
$S season new season --name "Vereinsmeisterschaft 2027" --drop 1 --min-evenings 2
cp skat.json season/
cp /work/wt/files/examples/season/abende/2027-01-08-tisch1.json season/evening-1.json
$S season add season/evening-1.json --date 2027-01-08 --season season
$S season add season/skat.json --date 2027-01-15 --season season
$S season alias "Hans-Jürgen" "Hans Jürgen" --season season
$S season rules --set best=2 --set drop=none --season season
# a league: teams, a team edited, a match day with date and venue
$S league new league --name "Landesliga Nord 2027" --series 2 --seed 7
$S league team add Kiel --players Anna Ben Carl Dora Emil --league league
$S league team add Lübeck --players Fritz Gerd Hans Ida --league league
$S league team add Eutin --players Jan Kai Lea --league league
$S league team edit Eutin --players Jan Kai Lea Mia --league league
$S league day new 1 --teams Kiel Lübeck Eutin --venue Kiel --date 2027-03-14 --league league
