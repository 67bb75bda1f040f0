#!/usr/bin/env bash
# Runs inside dbus-run-session (see scripts/demo).
set -euo pipefail
devplane="$BUILD_DIR/devplane/checkfu-devplane"
runner="$BUILD_DIR/app/cli/checkfu-runner"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

printf 'demo-keyring-password' | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1

"$devplane" serve --port 0 --info-file "$DEMO_DIR/devplane.json" --state "$DEMO_DIR/devplane-state.json" \
  >"$DEMO_DIR/devplane.out" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [ -s "$DEMO_DIR/devplane.json" ] && break; sleep 0.1; done
url=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["url"])' "$DEMO_DIR/devplane.json")
echo "==> local control plane at $url"
echo "==> dashboard: $url/"

code=$("$devplane" pair --info-file "$DEMO_DIR/devplane.json" --label demo-laptop)
echo "==> an admin minted pairing code ${code:0:8}-****-****"

"$runner" start --endpoint "$url" --code "$code" --label "$(uname -n)" >"$DEMO_DIR/runner.out" 2>"$DEMO_DIR/runner.err" &
runner_pid=$!
pids+=($runner_pid)
for _ in $(seq 100); do grep -qs 'checkfu-runner: ready' "$DEMO_DIR/runner.out" && break; sleep 0.1; done
cat "$DEMO_DIR/runner.out"
grep -q 'checkfu-runner: ready' "$DEMO_DIR/runner.out" || { echo "Runner did not become ready"; cat "$DEMO_DIR/runner.err"; exit 1; }

echo "==> presence list on the control plane:"
"$devplane" presences --info-file "$DEMO_DIR/devplane.json" | python3 -c '
import json, sys
for p in json.load(sys.stdin):
    owner = p["owner"] or {}
    print("   %s  status=%s  owner=%s (%s)" % (p["runner_id"], p["status"], owner.get("principal_id"), owner.get("machine_label")))
'
echo "==> credential kept in the Secret Service:"
secret-tool search --all server checkfu-runner 2>&1 | grep -E "^(label|attribute)" | sed "s/^/   /" || true

echo "==> running a Session through the paired Runner (preset 'echo', the prompt goes to the harness's stdin):"
session=$("$devplane" session create --preset echo --param "prompt=Hello from the demo" --info-file "$DEMO_DIR/devplane.json")
session_id=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["session_id"])' "$session")
"$devplane" session wait "$session_id" --timeout 60 --info-file "$DEMO_DIR/devplane.json" >/dev/null
"$devplane" session events "$session_id" --info-file "$DEMO_DIR/devplane.json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
print("   output:")
for e in d["events"]:
    if e["kind"] in ("output.stdout", "output.stderr"):
        for line in e["data"]["text"].splitlines():
            print("     | " + line)
s = d["settlement"]
print("   outcome: %s%s (exit code %s, %s events)" % (s["outcome"], "/" + s["reason"] if s["reason"] else "", s["exit_code"], s["final_seq"]))
sys.exit(0 if s["outcome"] == "succeeded" else "demo: the oneshot Session did not succeed")
'

echo "==> a Session on a git repository: the devplane's demo repository at the commit before its tip, with a memory file"
"$devplane" repos --info-file "$DEMO_DIR/devplane.json" >"$DEMO_DIR/repos.json"
asked=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[0]["demo_commit"])' "$DEMO_DIR/repos.json")
session=$("$devplane" session create --preset git-demo --param "prompt=Run the tests" --info-file "$DEMO_DIR/devplane.json")
session_id=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["session_id"])' "$session")
"$devplane" session wait "$session_id" --timeout 120 --info-file "$DEMO_DIR/devplane.json" >/dev/null
"$devplane" session events "$session_id" --info-file "$DEMO_DIR/devplane.json" | python3 -c '
import base64, json, sys
asked, repos = sys.argv[1], json.load(open(sys.argv[2]))
d = json.load(sys.stdin)
ready = [e["data"] for e in d["events"] if e["kind"] == "workspace.ready"]
for m in (ready[0]["mounts"] if ready else []):
    print("   workspace ready: %s at %s (%s files, %s ms%s)%s" % (m["kind"], m["target"], m["files"], m["ms"],
          ", from the cache" if m["from_cache"] else "", ", commit " + m["commit"] if m["commit"] else ""))
for e in d["events"]:
    if e["kind"] == "workspace.failed":
        print("   workspace failed: %s" % e["data"]["message"])
print("   output:")
out = ""
for e in d["events"]:
    if e["kind"] == "output.stdout":
        out += e["data"]["text"]
for line in out.splitlines():
    print("     | " + line)
for e in d["events"]:
    if e["kind"] == "memory.changed":
        for c in e["data"]["changes"]:
            text = base64.b64decode(c.get("content_base64", "")).decode(errors="replace")
            print("   memory.changed %s/%s, now ending: %s" % (e["data"]["target"], c["path"], text.strip().splitlines()[-1] if text.strip() else "(deleted)"))
s = d["settlement"]
commit = ready[0]["mounts"][0]["commit"] if ready else None
tip = repos[0]["commits"][-1]["id"]
if commit != asked or ("checked out: " + asked) not in out:
    sys.exit("demo: the git Session did not check out %s (workspace.ready says %s)" % (asked, commit))
print("   verified commit: %s (the one asked for; the branch tip is %s)" % (commit, tip[:12]))
print("   outcome: %s%s (exit code %s, %s events)" % (s["outcome"], "/" + s["reason"] if s["reason"] else "", s["exit_code"], s["final_seq"]))
sys.exit(0 if s["outcome"] == "succeeded" else "demo: the git Session did not succeed")
' "$asked" "$DEMO_DIR/repos.json"

echo "==> an agent Session (ACP): a scripted agent notes through a platform tool, then asks for permission before a tool call"
# scripts/lib/demo-agent.py: Python's standard library alone, so the first run waits for neither
# Node.js nor npm (the tests' agent, tests/peers/acp, is on the ACP TypeScript SDK).
agent=$(python3 -c 'import json,sys; print(json.dumps([sys.argv[1], sys.argv[2]]))' "$(command -v python3)" "$PWD/scripts/lib/demo-agent.py")
session=$("$devplane" session create --preset acp --param "agent=$agent" \
  --param "prompt=say I will clean the build directory.; note Cleaning build/ (a platform tool call); tool List build/; ask Delete build/; say Done." \
  --info-file "$DEMO_DIR/devplane.json")
session_id=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["session_id"])' "$session")
approval=$("$devplane" session wait-approval "$session_id" --timeout 60 --info-file "$DEMO_DIR/devplane.json")
approval_id=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["approval_id"])' "$approval")
python3 -c '
import json, sys
a = json.loads(sys.argv[1])
print("   approval requested: %s (options: %s)" % (a["title"], ", ".join(o["option_id"] for o in a["options"])))
' "$approval"
grep -h "checkfu-runner approval:" "$DEMO_DIR/runner.out" | sed "s/^/   runner: /" || true
echo "==> approving it from the command line (allow_once), then closing the Session"
"$devplane" session approve "$session_id" "$approval_id" --option allow_once --info-file "$DEMO_DIR/devplane.json" >/dev/null
for _ in $(seq 100); do
  "$devplane" session events "$session_id" --info-file "$DEMO_DIR/devplane.json" | grep -q '"turn.ended"' && break
  sleep 0.2
done
"$devplane" session close "$session_id" --info-file "$DEMO_DIR/devplane.json" >/dev/null
"$devplane" session wait "$session_id" --timeout 60 --info-file "$DEMO_DIR/devplane.json" >/dev/null
echo "==> transcript:"
"$devplane" session events "$session_id" --info-file "$DEMO_DIR/devplane.json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
for e in d["events"]:
    k, data = e["kind"], e["data"]
    if k == "turn.started":
        print("   [turn %s started]" % data["turn_id"][:13])
    elif k == "acp.update":
        u = data["update"]
        kind = u.get("sessionUpdate")
        if kind == "agent_message_chunk":
            print("   agent: %s" % u["content"].get("text", ""))
        elif kind == "tool_call":
            print("   tool call %s: %s (%s)" % (u["toolCallId"], u.get("title"), u.get("status")))
        elif kind == "tool_call_update":
            print("   tool call %s: %s" % (u["toolCallId"], u.get("status")))
        else:
            print("   update: %s" % kind)
    elif k == "approval.requested":
        print("   approval requested: %s" % data["title"])
    elif k == "approval.resolved":
        print("   approval %s: %s" % (data["outcome"], data["option_id"]))
    elif k == "turn.ended":
        print("   [turn ended: %s]" % data["stop_reason"])
# session_note (the platform MCP server the Runner relays, §6.10) lands on the Session itself.
for n in d.get("notes", []):
    print("   note on the Session (platform tool session_note via %s): %s" % (n["protocol"], n["text"]))
s = d["settlement"]
print("   outcome: %s%s (%s events)" % (s["outcome"], "/" + s["reason"] if s["reason"] else "", s["final_seq"]))
sys.exit(0 if s["outcome"] == "succeeded" else "demo: the agent Session did not succeed")
'

kill -TERM "$runner_pid"
runner_status=0
wait "$runner_pid" || runner_status=$?
[ "$runner_status" -eq 0 ] || { echo "demo: the Runner exited with $runner_status"; cat "$DEMO_DIR/runner.err"; exit 1; }
echo "==> Runner drained and signed off (exit 0)"

if [ "${CHECKFU_DEMO_KEEP_DEVPLANE:-}" = "1" ]; then
  echo "==> the control plane keeps running for its dashboard at $url/ (admin key: \"admin_key\" in $DEMO_DIR/devplane.json); Ctrl-C stops it"
  wait
else
  echo "==> the control plane stops with the demo; CHECKFU_DEMO_KEEP_DEVPLANE=1 bash scripts/demo keeps it (and its dashboard) running"
fi
