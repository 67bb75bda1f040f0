#!/usr/bin/env bash
# The README's first command timed on a fresh machine: a minimal Debian 12 root made with
# debootstrap (no compiler, no Qt, no Node.js, no ccache), a clean clone of this repository's HEAD in
# it, and `bash scripts/demo` run inside it as root (chroot with /proc, /sys, /dev, /dev/pts bound).
# Prints the wall time, the machine's cores and its load average before and after, and where the
# time went (setup: apt and npm; build; the demo itself). Asserts nothing.
#
#   sudo bash bench/first-run.sh
#
# Needs root, debootstrap and the Debian mirror (minutes of downloads), so neither .ci/run nor
# scripts/bench runs it unless CHECKFU_BENCH_FIRST_RUN=1.
#   CHECKFU_FIRST_RUN_DIR  where the root and the cached debootstrap tarball live
#                          (default /var/tmp/checkfu-first-run; the root is made anew each time)
#   CHECKFU_FIRST_RUN_MIRROR  Debian mirror (default http://deb.debian.org/debian)
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
dir="${CHECKFU_FIRST_RUN_DIR:-/var/tmp/checkfu-first-run}"
mirror="${CHECKFU_FIRST_RUN_MIRROR:-http://deb.debian.org/debian}"
base="$dir/bookworm-minbase.tar"
root="$dir/root"

[ "$(id -u)" -eq 0 ] || { echo "first-run: needs root (debootstrap, chroot, mounts)" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "first-run: needs debootstrap (apt-get install debootstrap)" >&2; exit 1; }
mkdir -p "$dir"

mounted=()
unmount_all() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[i]}" 2>/dev/null || true; done
  mounted=()
}
trap unmount_all EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

# The fresh machine: Debian 12 minbase as debootstrap makes it (cached: making it is not timed),
# with the sources a Debian 12 install has.
if [ ! -f "$base" ]; then
  echo "first-run: debootstrap bookworm (minbase) from $mirror"
  rm -rf "$dir/base"
  debootstrap --variant=minbase bookworm "$dir/base" "$mirror" >"$dir/debootstrap.log"
  cat >"$dir/base/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb ${mirror%/debian}/debian-security bookworm-security main
EOF
  tar -C "$dir/base" -cf "$base.tmp" . && mv "$base.tmp" "$base"
  rm -rf "$dir/base"
fi
# A root left by an interrupted run may still have something mounted.
grep -o " $root/[^ ]*" /proc/mounts | sort -r | xargs -r -n1 umount -l 2>/dev/null || true
rm -rf "$root"
mkdir -p "$root"
tar -C "$root" -xf "$base"
cp /etc/resolv.conf "$root/etc/resolv.conf"
git clone -q --no-local "$repo" "$root/root/checkfu-runner"
for d in proc sys dev dev/pts; do
  mount --bind "/$d" "$root/$d"
  mounted+=("$root/$d")
done

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
start=$(date +%s)
# A login shell's environment, nothing from ours (no ccache, no CI).
# CPU time (user + system, every process of the run) is measured too: on a busy machine the wall
# time is pessimistic, CPU seconds over the cores are what a quiet machine would need at least.
TIMEFORMAT='%U %S'
{
  time {
    chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      LANG=C.UTF-8 TERM=dumb /bin/bash -c 'cd /root/checkfu-runner && bash scripts/demo' 2>&1 && code=0 || code=$?
    echo "exit status $code"
  } | while IFS= read -r line; do printf '%5ds %s\n' $(($(date +%s) - start)) "$line"; done | tee "$dir/demo.log"
} 2>"$dir/cpu.txt" || true
status=$(sed -n 's/^ *[0-9]*s exit status //p' "$dir/demo.log" | tail -1)
read -r cpu_user cpu_sys <"$dir/cpu.txt"
seconds=$(($(date +%s) - start))
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
unmount_all

echo "first-run: exit status $status"
echo "first-run: bash scripts/demo took $((seconds / 60)) min $((seconds % 60)) s from a clean clone on a fresh Debian 12" \
  "($(nproc) cores; load average before $load_before, after $load_after)"
echo "first-run: CPU time ${cpu_user} s user + ${cpu_sys} s system"
# Where the time went: the elapsed seconds at each of the demo's steps (the log's first column).
grep -E '^ *[0-9]+s (setup:|-- Configuring|\[1/|==>)' "$dir/demo.log" | sed 's/^/first-run:   /' || true
exit "$status"
