#!/usr/bin/env bash
# Drive `campaign` from a script with --json and jq: build a small party on a
# scratch copy of the sample campaign and report it.
#   bash samples/party.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$here/campaign.json" "$work/campaign.json"
export CAMPAIGN_FILE="$work/campaign.json"

campaign character create Kate --st 10 --dx 12 --iq 10 --skill Stealth --attr Luck=2 --json >/dev/null

# Every character's name and MA, one per line:
campaign character list --jsonl | jq -r '"\(.name)\tMA \(.ma)"'

# Refusals are data too: the exit code says why, stderr carries a JSON error.
if ! campaign character create Kate --st 10 --dx 12 --iq 10 --json 2>"$work/err"; then
  echo "refused ($(jq -r .error.code "$work/err")): $(jq -r .error.message "$work/err")"
fi

# The journal, newest last:
campaign log --limit 3 --jsonl | jq -r '"#\(.seq) \(.summary)"'
