#!/usr/bin/env bash
# Replay a file of skatliste commands (one per line, '#' comments) into a ledger:
#   examples/replay.sh examples/evening.commands examples/evening.json
# Each line runs as `skatliste LINE --ledger LEDGER`; the ledger is started afresh.
set -euo pipefail
commands=$1
ledger=$2
rm -f "$ledger"
while IFS= read -r line; do
  line=${line%%#*}
  [[ -z "${line// }" ]] && continue
  # shellcheck disable=SC2086 # the words are meant to split
  skatliste $line --ledger "$ledger" > /dev/null
done < "$commands"
echo "$ledger: $(skatliste summary --ledger "$ledger" --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(*(["%d parties," % len(d["parties"])] if "parties" in d else [d["games"], "games,", d["totals"]]))')"
