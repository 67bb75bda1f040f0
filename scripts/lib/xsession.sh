#!/usr/bin/env bash
# A headless desktop for the tray's end-to-end test (tests/e2e), scripts/screenshots and the tray
# idle benchmark (bench/tray-idle.sh): an X server, a private session bus, a window manager, a
# panel with a system tray, and a notification server, all in one directory with its own HOME.
#
#   source scripts/lib/xsession.sh
#   xsession_start DIR            # exports DISPLAY, DBUS_SESSION_BUS_ADDRESS, HOME, XDG_*; writes DIR/session.env
#   xsession_track PID            # a process of yours that xsession_stop ends too (before the desktop)
#   xsession_stop                 # ends everything it started, children included (call it from a trap)
#
#   bash scripts/lib/xsession.sh serve DIR    # starts, writes DIR/session.env, then runs until its
#                                             # standard input closes or it gets SIGTERM/SIGINT (the C++ test)
#   bash scripts/lib/xsession.sh run DIR -- CMD ARGS…   # CMD inside the desktop, torn down afterwards
#
# What runs, and why (tried on Debian 12; scripts/setup installs it):
# - Xvfb with -displayfd: the server picks a free display itself, so parallel runs never race for one.
#   -noreset: by default an X server resets when its last client leaves; our readiness probes
#   (xprop) connecting and leaving before the first long-lived client made dunst fail to connect
#   now and then ("Cannot open X11 display").
# - dbus-daemon --session of our own (not dbus-run-session): the caller keeps its shell, we know
#   the PID to end; the standard session config still activates xfconfd for the panel.
# - xfce4-panel 4.18 with only its systray plugin (+ a clock on the left): that plugin is both a
#   StatusNotifierItem host (it owns org.kde.StatusNotifierWatcher) and an XEmbed tray
#   (_NET_SYSTEM_TRAY_S0). Qt 6 picks StatusNotifierItem when a watcher is registered at the time
#   QSystemTrayIcon is first shown, XEmbed otherwise; we wait for the watcher before returning, so
#   the tray always takes the SNI path, as on KDE/GNOME-with-AppIndicator/XFCE desktops, and the
#   registration is observable on the bus. The panel draws the menu itself (from the app's
#   com.canonical.dbusmenu), as real SNI hosts do. trayer (XEmbed only) works headless too: Qt
#   then embeds its own icon window (xwininfo -tree shows it under trayer's "panel" window) and
#   shows its own QMenu; it tests the older path only, so it is not used here.
# - openbox: title bars for the status window and the wizard (xfwm4 needs xfconf settings and
#   compositing to look right; openbox needs nothing).
# - dunst: a freedesktop notification server (org.freedesktop.Notifications), light theme.
# - gnome-keyring (secrets only), unlocked: the Secret Service a logged-in desktop has; without
#   it the bus would activate a locked one that waits for a password prompt.
# - NO_AT_BRIDGE=1: GTK would otherwise activate the accessibility bus (a second dbus-daemon).
# - ImageMagick's `display -window root` paints a light background; `import` takes screenshots.

_xs_pids=()      # desktop processes, in start order
_xs_tracked=()   # the caller's processes
XSESSION_DIR=""

xsession_log() { echo "xsession: $*" >&2; }

# Every descendant of a PID (children first is not needed: we signal them all).
_xs_descendants() {
  local p c
  for p in "$@"; do
    for c in $(pgrep -P "$p" 2>/dev/null); do
      echo "$c"
      _xs_descendants "$c"
    done
  done
}

_xs_end() {
  # TERM to the processes and all their descendants, up to 3 s, then KILL what is left.
  local all=() p
  for p in "$@"; do
    kill -0 "$p" 2>/dev/null || continue
    all+=("$p" $(_xs_descendants "$p"))
  done
  [ ${#all[@]} -gt 0 ] || return 0
  kill -TERM "${all[@]}" 2>/dev/null || true
  for _ in $(seq 30); do
    local alive=0
    for p in "${all[@]}"; do
      # A zombie child of ours counts as gone (`wait` below reaps it).
      if kill -0 "$p" 2>/dev/null && [ "$(ps -o stat= -p "$p" 2>/dev/null | cut -c1)" != "Z" ]; then
        alive=1
        break
      fi
    done
    [ $alive -eq 0 ] && break
    sleep 0.1
  done
  for p in "${all[@]}"; do
    if kill -0 "$p" 2>/dev/null && [ "$(ps -o stat= -p "$p" 2>/dev/null | cut -c1)" != "Z" ]; then
      kill -KILL "$p" 2>/dev/null || true
    fi
  done
  for p in "$@"; do wait "$p" 2>/dev/null || true; done
}

xsession_track() { _xs_tracked+=("$@"); }

xsession_stop() {
  local i
  # One at a time, in reverse start order: an app goes before the devplane it signs off from;
  # then the notification server, panel, window manager, bus, and the X server last.
  for ((i = ${#_xs_tracked[@]} - 1; i >= 0; i--)); do _xs_end "${_xs_tracked[i]}"; done
  _xs_tracked=()
  for ((i = ${#_xs_pids[@]} - 1; i >= 0; i--)); do _xs_end "${_xs_pids[i]}"; done
  _xs_pids=()
}

# Polls `cmd…` every 0.1 s until it succeeds or `seconds` pass.
xsession_wait() {
  local seconds=$1
  shift
  local n=$((seconds * 10))
  for _ in $(seq "$n"); do
    "$@" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  return 1
}

xsession_has_name() {
  dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner "string:$1" 2>/dev/null | grep -q 'boolean true'
}

# The StatusNotifierItems the panel's watcher knows, one per line (e.g. ":1.11/StatusNotifierItem").
xsession_sni_items() {
  dbus-send --session --print-reply --dest=org.kde.StatusNotifierWatcher /StatusNotifierWatcher \
    org.freedesktop.DBus.Properties.Get string:org.kde.StatusNotifierWatcher \
    string:RegisteredStatusNotifierItems 2>/dev/null | sed -n 's/^ *string "\(.*\)"$/\1/p'
}

_xs_keyring_usable() {
  printf ok | secret-tool store --label='xsession probe' xsession probe >/dev/null 2>&1 \
    && [ "$(secret-tool lookup xsession probe 2>/dev/null)" = ok ] \
    && secret-tool clear xsession probe >/dev/null 2>&1
}

_xs_wm_running() { xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id'; }

# The panel's height and the screen's width; the systray is the panel's last plugin, so with one
# item its icon's centre is at (width - height/2, height/2).
XSESSION_WIDTH=1280
XSESSION_HEIGHT=800
XSESSION_PANEL=32

xsession_tray_icon_xy() { echo "$((XSESSION_WIDTH - XSESSION_PANEL / 2 - 1)) $((XSESSION_PANEL / 2))"; }

_xs_write_configs() {
  local home=$1
  mkdir -p "$home/.config/xfce4/xfconf/xfce-perchannel-xml" "$home/.config/dunst" "$home/.config/openbox"
  # Openbox's default configuration and Clearlooks theme, less the resize handle Clearlooks
  # draws along a window's bottom edge (it looked like a broken widget in screenshots), with
  # DejaVu Sans in the title bars.
  mkdir -p "$home/.themes/Checkfu"
  cp -r /usr/share/themes/Clearlooks/openbox-3 "$home/.themes/Checkfu/"
  sed -i 's/^window.handle.width:.*/window.handle.width: 0/' "$home/.themes/Checkfu/openbox-3/themerc"
  sed -e 's|<name>Clearlooks</name>|<name>Checkfu</name>|' -e 's|<name>sans</name>|<name>DejaVu Sans</name>|' \
    /etc/xdg/openbox/rc.xml >"$home/.config/openbox/rc.xml"
  # One panel along the top: the clock, a stretching gap, the tray (last, so the icon sits in the
  # top-right corner, which is empty panel without it: tests/e2e looks there).
  cat >"$home/.config/xfce4/xfconf/xfce-perchannel-xml/xfce4-panel.xml" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<channel name="xfce4-panel" version="1.0">
  <property name="configver" type="int" value="2"/>
  <property name="panels" type="array">
    <value type="int" value="1"/>
    <property name="dark-mode" type="bool" value="false"/>
    <property name="panel-1" type="empty">
      <property name="position" type="string" value="p=6;x=0;y=0"/>
      <property name="length" type="uint" value="100"/>
      <property name="position-locked" type="bool" value="true"/>
      <property name="size" type="uint" value="$XSESSION_PANEL"/>
      <property name="icon-size" type="uint" value="0"/>
      <property name="plugin-ids" type="array">
        <value type="int" value="2"/>
        <value type="int" value="1"/>
        <value type="int" value="3"/>
      </property>
    </property>
  </property>
  <property name="plugins" type="empty">
    <property name="plugin-1" type="string" value="separator">
      <property name="expand" type="bool" value="true"/>
      <property name="style" type="uint" value="0"/>
    </property>
    <property name="plugin-2" type="string" value="clock">
      <property name="mode" type="uint" value="2"/>
      <property name="digital-layout" type="uint" value="3"/>
      <property name="digital-time-format" type="string" value="%H:%M"/>
    </property>
    <property name="plugin-3" type="string" value="systray">
      <property name="square-icons" type="bool" value="true"/>
      <property name="icon-size" type="int" value="24"/>
    </property>
  </property>
</channel>
EOF
  # A light notification bubble below the panel's right end; it stays until closed (timeout 0),
  # so screenshots and tests never race its expiry.
  cat >"$home/.config/dunst/dunstrc" <<EOF
[global]
    font = DejaVu Sans 10
    width = 420
    height = 200
    origin = top-right
    offset = 10x$((XSESSION_PANEL + 10))
    frame_width = 1
    frame_color = "#c4cad3"
    separator_color = frame
    corner_radius = 6
    padding = 12
    horizontal_padding = 12
    text_icon_padding = 12
    icon_position = left
    min_icon_size = 32
    max_icon_size = 40
    markup = full
    show_indicators = no
    format = "<b>%s</b>\n%b"
    show_age_threshold = -1
    idle_threshold = 0
    sticky_history = no
    browser = /bin/false
    dmenu = /bin/false
    mouse_left_click = close_current
[urgency_low]
    background = "#ffffff"
    foreground = "#1f2328"
    timeout = 0
[urgency_normal]
    background = "#ffffff"
    foreground = "#1f2328"
    timeout = 0
[urgency_critical]
    background = "#ffffff"
    foreground = "#1f2328"
    frame_color = "#cf222e"
    timeout = 0
EOF
}

# xsession_start DIR: everything up and ready, or non-zero (after ending what it started).
xsession_start() {
  local dir=$1
  XSESSION_DIR=$dir
  mkdir -p "$dir/home" "$dir/runtime"
  chmod 700 "$dir/runtime"
  local home runtime
  home=$(cd "$dir/home" && pwd)
  runtime=$(cd "$dir/runtime" && pwd)
  export HOME="$home" XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share" \
    XDG_CACHE_HOME="$home/.cache" XDG_STATE_HOME="$home/.local/state" XDG_RUNTIME_DIR="$runtime"
  export NO_AT_BRIDGE=1 GTK_A11Y=none
  unset SESSION_MANAGER WAYLAND_DISPLAY XDG_SESSION_TYPE XDG_CURRENT_DESKTOP DESKTOP_SESSION
  _xs_write_configs "$home"

  local display_file="$dir/display" bus_file="$dir/bus"
  rm -f "$display_file" "$bus_file"
  Xvfb -displayfd 5 -screen 0 "${XSESSION_WIDTH}x${XSESSION_HEIGHT}x24" -nolisten tcp -noreset -dpi 96 \
    5>"$display_file" >"$dir/xvfb.log" 2>&1 &
  _xs_pids+=($!)
  if ! xsession_wait 10 test -s "$display_file"; then
    xsession_log "Xvfb did not start: $(tail -5 "$dir/xvfb.log")"
    xsession_stop
    return 1
  fi
  export DISPLAY=":$(head -1 "$display_file")"

  dbus-daemon --session --nofork --nopidfile --print-address=6 6>"$bus_file" >"$dir/dbus.log" 2>&1 &
  _xs_pids+=($!)
  if ! xsession_wait 10 test -s "$bus_file"; then
    xsession_log "dbus-daemon did not start: $(cat "$dir/dbus.log")"
    xsession_stop
    return 1
  fi
  DBUS_SESSION_BUS_ADDRESS=$(head -1 "$bus_file")
  export DBUS_SESSION_BUS_ADDRESS

  # The login keyring, created and unlocked with a throwaway password as a desktop login does:
  # the tray keeps its credential in the Secret Service by default. --foreground keeps it our child.
  printf 'xsession-keyring' | gnome-keyring-daemon --foreground --unlock --components=secrets --replace \
    >"$dir/keyring.log" 2>&1 &
  _xs_pids+=($!)
  openbox --sm-disable >"$dir/openbox.log" 2>&1 &
  _xs_pids+=($!)
  xfce4-panel --sm-client-disable >"$dir/panel.log" 2>&1 &
  _xs_pids+=($!)
  dunst >"$dir/dunst.log" 2>&1 &
  _xs_pids+=($!)

  local ok=1
  xsession_wait 15 _xs_wm_running || { xsession_log "openbox not running: $(tail -5 "$dir/openbox.log")"; ok=0; }
  xsession_wait 20 xsession_has_name org.kde.StatusNotifierWatcher \
    || { xsession_log "no StatusNotifierWatcher (xfce4-panel's systray): $(tail -5 "$dir/panel.log")"; ok=0; }
  xsession_wait 15 xsession_has_name org.freedesktop.Notifications \
    || { xsession_log "no notification server (dunst): $(tail -5 "$dir/dunst.log")"; ok=0; }
  xsession_wait 15 _xs_keyring_usable \
    || { xsession_log "the keyring is not usable (secret-tool store/lookup): $(tail -5 "$dir/keyring.log")"; ok=0; }
  if [ $ok -eq 0 ]; then
    xsession_stop
    return 1
  fi
  # A light, slightly graded background (the panel is near white). After the window manager:
  # painted before it, the root window came out black. `display` exits non-zero even when it
  # painted (hence the `|| true`: callers may run with set -e).
  convert -size "${XSESSION_WIDTH}x${XSESSION_HEIGHT}" gradient:'#e9edf2-#cfd8e3' "$dir/background.png" \
    && display -window root "$dir/background.png" >/dev/null 2>&1 || true
  # Let the panel finish its first layout before anything registers with it.
  sleep 0.5
  {
    echo "DISPLAY=$DISPLAY"
    echo "DBUS_SESSION_BUS_ADDRESS=$DBUS_SESSION_BUS_ADDRESS"
    echo "HOME=$HOME"
    echo "XDG_CONFIG_HOME=$XDG_CONFIG_HOME"
    echo "XDG_DATA_HOME=$XDG_DATA_HOME"
    echo "XDG_CACHE_HOME=$XDG_CACHE_HOME"
    echo "XDG_STATE_HOME=$XDG_STATE_HOME"
    echo "XDG_RUNTIME_DIR=$XDG_RUNTIME_DIR"
    echo "NO_AT_BRIDGE=1"
    echo "XSESSION_PANEL=$XSESSION_PANEL"
    echo "XSESSION_WIDTH=$XSESSION_WIDTH"
    echo "XSESSION_HEIGHT=$XSESSION_HEIGHT"
  } >"$dir/session.env.tmp"
  mv "$dir/session.env.tmp" "$dir/session.env"
  return 0
}

# Run as a script: serve or run.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -uo pipefail
  mode=${1:-}
  dir=${2:-}
  if [ -z "$mode" ] || [ -z "$dir" ]; then
    echo "usage: $0 serve DIR | run DIR -- CMD ARGS…" >&2
    exit 2
  fi
  trap 'xsession_stop' EXIT
  trap 'exit 143' TERM
  trap 'exit 130' INT
  xsession_start "$dir" || exit 1
  case "$mode" in
    serve)
      echo "xsession: ready on $DISPLAY" >&2
      # Until the parent closes our stdin (or dies: the pipe closes then too), or a signal ends us.
      exec 3<&0
      cat <&3 >/dev/null &
      xsession_track $!
      wait $!
      ;;
    run)
      shift 2
      [ "${1:-}" = "--" ] && shift
      "$@"
      exit $?
      ;;
    *)
      echo "unknown mode $mode" >&2
      exit 2
      ;;
  esac
fi
