#!/usr/bin/env bash
# Tray idle cost: checkfu-tray (paired with a local devplane, ready, no work) beside two
# well-known tray apps, syncthingtray and the Nextcloud desktop client (Debian's packages, on
# their first-run screens: neither has an account or a daemon to talk to), on one virtual
# desktop (scripts/lib/xsession.sh: Xvfb, xfce4-panel's tray, dunst). After a settle period it
# measures each app's CPU time over SECONDS (utime+stime from /proc/PID/stat, the app and its
# child processes; also their threads' on-CPU time from schedstat, which has no 10 ms rounding)
# and its RSS at the end (VmRSS from /proc/PID/status, app + children), one line per app, then
# checkfu-tray's on-CPU time by thread. Prints figures; asserts nothing (targets in docs/performance.md).
#
#   bash bench/tray-idle.sh [SECONDS=60] [SETTLE_SECONDS=20]
#
# Uses the binaries in ${CHECKFU_BUILD_DIR:-build} (scripts/bench builds them).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
settle=${2:-20}
build=${CHECKFU_BUILD_DIR:-build}
tray_bin="$build/app/tray/checkfu-tray"
devplane="$build/devplane/checkfu-devplane"
for tool in "$tray_bin" "$devplane"; do
  [ -x "$tool" ] || { echo "tray-idle: $tool is not built (bash scripts/build)" >&2; exit 1; }
done
for tool in syncthingtray nextcloud; do
  command -v "$tool" >/dev/null || { echo "tray-idle: $tool is not installed (bash scripts/setup)" >&2; exit 1; }
done

# shellcheck source=../scripts/lib/xsession.sh
source scripts/lib/xsession.sh
work=$(mktemp -d "${TMPDIR:-/tmp}/checkfu-tray-idle-XXXXXX")
cleanup() {
  xsession_stop
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

xsession_start "$work/desktop"

"$devplane" serve --port 0 --info-file "$work/devplane.json" >"$work/devplane.out" 2>&1 &
xsession_track $!
xsession_wait 15 test -s "$work/devplane.json" || { echo "tray-idle: devplane did not start" >&2; exit 1; }
url=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["url"])' "$work/devplane.json")
code=$("$devplane" pair --info-file "$work/devplane.json" --label tray-idle)

# Each app as a person starts it from their desktop session (same HOME, same bus, same panel).
QT_QPA_PLATFORM=xcb "$tray_bin" --endpoint "$url" --code "$code" --label tray-idle --credential-store file \
  >"$work/checkfu-tray.out" 2>&1 &
tray_pid=$!
xsession_track $tray_pid
ready() { "$devplane" presences --info-file "$work/devplane.json" | grep -q '"status": "ready"'; }
xsession_wait 30 ready || { echo "tray-idle: checkfu-tray did not become ready" >&2; cat "$work/checkfu-tray.out" >&2; exit 1; }

QT_QPA_PLATFORM=xcb syncthingtray >"$work/syncthingtray.out" 2>&1 &
sync_pid=$!
xsession_track $sync_pid
QT_QPA_PLATFORM=xcb nextcloud >"$work/nextcloud.out" 2>&1 &
next_pid=$!
xsession_track $next_pid

# The process and its descendants.
tree() {
  local p=$1 c
  echo "$p"
  for c in $(pgrep -P "$p" 2>/dev/null); do tree "$c"; done
}
# utime+stime in clock ticks, summed over the tree.
ticks() {
  local total=0 p f
  for p in $(tree "$1"); do
    f=$(sed 's/^.*) //' "/proc/$p/stat" 2>/dev/null) || continue
    # After "pid (comm) ": state is field 1, utime field 12, stime field 13.
    set -- $f
    total=$((total + ${12} + ${13}))
  done
  echo "$total"
}
# On-CPU nanoseconds of every thread of the tree (/proc/PID/task/TID/schedstat, first field):
# the same time as utime+stime, without the 10 ms clock-tick rounding (threads that end in
# between drop out; idle apps start none).
cpu_ns() {
  local total=0 p t v
  for p in $(tree "$1"); do
    for t in /proc/"$p"/task/*/schedstat; do
      read -r v _ <"$t" 2>/dev/null || continue
      total=$((total + v))
    done
  done
  echo "$total"
}
rss_kib() {
  local total=0 p v
  for p in $(tree "$1"); do
    v=$(awk '/^VmRSS:/ { print $2 }' "/proc/$p/status" 2>/dev/null) || continue
    total=$((total + ${v:-0}))
  done
  echo "$total"
}
children() { local n; n=$(tree "$1" | wc -l); echo $((n - 1)); }

sleep "$settle"
for p in $tray_pid $sync_pid $next_pid; do
  kill -0 "$p" 2>/dev/null || { echo "tray-idle: an app exited during the settle period (pid $p)" >&2; exit 1; }
done
# checkfu-tray per thread (GUI, Runner core, Qt's network thread, D-Bus, X): where its time goes.
threads() {
  local t
  for t in /proc/"$1"/task/*; do
    printf '%s %s %s\n' "${t##*/}" "$(tr ' ' _ <"$t/comm")" "$(cut -d' ' -f1 "$t/schedstat")"
  done | sort
}
threads $tray_pid >"$work/threads.0"
t0_tray=$(ticks $tray_pid) n0_tray=$(cpu_ns $tray_pid)
t0_sync=$(ticks $sync_pid) n0_sync=$(cpu_ns $sync_pid)
t0_next=$(ticks $next_pid) n0_next=$(cpu_ns $next_pid)
sleep "$seconds"
threads $tray_pid >"$work/threads.1"
hz=$(getconf CLK_TCK)
report() {
  local name=$1 pid=$2 t0=$3 n0=$4 t1 n1 rss
  t1=$(ticks "$pid")
  n1=$(cpu_ns "$pid")
  rss=$(rss_kib "$pid")
  awk -v n="$name" -v d=$((t1 - t0)) -v ns=$((n1 - n0)) -v hz="$hz" -v s="$seconds" -v rss="$rss" \
    -v c="$(children "$pid")" 'BEGIN {
    printf "tray idle over %d s: %-13s %.2f CPU-seconds (%.3f per minute; %.1f ms on-CPU by schedstat), RSS %.1f MiB (%d child processes)\n",
      s, n, d / hz, d / hz * 60 / s, ns / 1e6, rss / 1024, c }'
}
echo "== tray idle ($seconds s after ${settle} s settle; one Xvfb desktop, xfce4-panel tray)"
report checkfu-tray $tray_pid "$t0_tray" "$n0_tray"
report syncthingtray $sync_pid "$t0_sync" "$n0_sync"
report nextcloud $next_pid "$t0_next" "$n0_next"
join "$work/threads.0" "$work/threads.1" | awk '{ d[$2] += ($5 - $3) / 1e6 } END {
  line = ""; for (n in d) line = line sprintf(" %s %.1f ms;", n, d[n]); print "checkfu-tray by thread:" line }'
