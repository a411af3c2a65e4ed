#!/usr/bin/env bash
# Checks installed systemd unit files (@bindir@ already replaced), without a
# running service manager:
#
#   - `systemd-analyze security --offline=yes` scores each one under 5 (it
#     prints the score; 5 and over is "MEDIUM" exposure or worse), and
#   - a unit that restarts on failure does not restart on the exits a restart
#     cannot fix: 64 (usage), 65 (bad data), 66 (cannot read), 69 (no
#     keyboard), 77 (no permission). systemd's start limit never stops a unit
#     that waits RestartSec=5 between tries, so without this it would retry
#     every 5 seconds until logout.
#
# Usage: scripts/check-units.sh UNIT-FILE...
# Needs systemd-analyze (Debian package systemd; scripts/install-deps.sh installs it).
# Exits non-zero if any unit fails a check.
set -uo pipefail

limit=5
unfixable="64 65 66 69 77"

command -v systemd-analyze >/dev/null ||
  { echo "check-units: no systemd-analyze (Debian package systemd; run scripts/install-deps.sh)" >&2; exit 1; }
[ $# -gt 0 ] || { echo "usage: $0 UNIT-FILE..." >&2; exit 64; }

status=0
for unit in "$@"; do
  name=$(basename "$unit")
  output=$(systemd-analyze security --offline=yes --no-pager "$unit" 2>&1) ||
    { echo "$output"; echo "$name: systemd-analyze security failed"; status=1; continue; }
  score=$(sed -n 's/.*Overall exposure level for [^:]*: \([0-9][0-9.]*\).*/\1/p' <<<"$output")
  if [ -z "$score" ]; then
    echo "$output"; echo "$name: systemd-analyze printed no exposure level"; status=1
  elif awk -v score="$score" -v limit="$limit" 'BEGIN { exit !(score < limit) }'; then
    echo "$name: exposure $score (systemd-analyze security --offline; must stay under $limit)"
  else
    grep '✗' <<<"$output"
    echo "$name: exposure $score, not under $limit (the settings above are what it counts against the unit)"
    status=1
  fi
  if grep -Eq '^Restart=(on-failure|on-abnormal|always)' "$unit"; then
    prevented=" $(sed -n 's/^RestartPreventExitStatus=//p' "$unit" | tr '\n' ' ') "
    for code in $unfixable; do
      [[ $prevented == *" $code "* ]] ||
        { echo "$name: restarts after exit $code, which a restart cannot fix (RestartPreventExitStatus= lacks it)"; status=1; }
    done
  fi
done
exit "$status"
