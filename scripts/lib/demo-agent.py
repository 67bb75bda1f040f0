#!/usr/bin/env python3
"""A small scripted ACP v1 agent for scripts/demo, on Python's standard library alone.

The demo's agent Session needs an agent that asks for permission; the tests' agent
(tests/peers/acp, on the official ACP TypeScript SDK) needs Node.js and npm, some 350 Debian
packages a first run would wait for. This one speaks the same newline-delimited JSON-RPC 2.0 on
stdin/stdout and understands a subset of that peer's prompt script (commands separated by `;`):

  say TEXT    an agent message
  tool TITLE  a tool call that completes
  ask TITLE   a tool call that first asks the client for permission (allow_once / reject_once)
  note TEXT   the platform's session_note tool (§6.10): the note shows on the Session's page. The
              MCP server is the one session/new's mcpServers names "checkfu" (else the first),
              started as its command and spoken to in newline-delimited JSON-RPC; without one
              (a Runner that relays no platform tools) the agent only says so

stderr is the log. Exits 0 when stdin closes.
"""
import json
import os
import select
import subprocess
import sys
import time
import uuid

next_request_id = 0
tool_calls = 0


def log(text):
    print(f"demo-agent: {text}", file=sys.stderr, flush=True)


def send(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def read_message():
    """The next message from the client, or None when stdin closes."""
    while True:
        line = sys.stdin.readline()
        if not line:
            return None
        if line.strip():
            return json.loads(line)


def update(session_id, payload):
    send({"jsonrpc": "2.0", "method": "session/update", "params": {"sessionId": session_id, "update": payload}})


def say(session_id, text):
    update(session_id, {"sessionUpdate": "agent_message_chunk", "content": {"type": "text", "text": text}})


def tool(session_id, title, ask):
    """A tool call; with ask, session/request_permission first. Returns False when cancelled."""
    global next_request_id, tool_calls
    tool_calls += 1
    call_id = f"call_{tool_calls}"
    update(session_id, {"sessionUpdate": "tool_call", "toolCallId": call_id, "title": title, "kind": "execute", "status": "pending"})
    if ask:
        next_request_id += 1
        request_id = f"agent-{next_request_id}"
        options = [
            {"optionId": "allow_once", "name": "Allow", "kind": "allow_once"},
            {"optionId": "reject_once", "name": "Reject", "kind": "reject_once"},
        ]
        send({"jsonrpc": "2.0", "id": request_id, "method": "session/request_permission",
              "params": {"sessionId": session_id, "options": options,
                         "toolCall": {"toolCallId": call_id, "title": title, "kind": "execute", "status": "pending"}}})
        # The client's answer; a session/cancel meanwhile is answered by the client as "cancelled".
        while True:
            message = read_message()
            if message is None:
                return False
            if message.get("id") == request_id and "method" not in message:
                break
            if "method" in message and "id" in message:
                reply_error(message["id"], -32600, "busy: a permission request is pending")
        outcome = (message.get("result") or {}).get("outcome") or {}
        if outcome.get("outcome") == "cancelled":
            update(session_id, {"sessionUpdate": "tool_call_update", "toolCallId": call_id, "status": "failed"})
            return False
        option = outcome.get("optionId")
        if outcome.get("outcome") != "selected" or option != "allow_once":
            update(session_id, {"sessionUpdate": "tool_call_update", "toolCallId": call_id, "status": "failed"})
            say(session_id, f"rejected:{option}")
            return True
        update(session_id, {"sessionUpdate": "tool_call_update", "toolCallId": call_id, "status": "in_progress"})
    update(session_id, {"sessionUpdate": "tool_call_update", "toolCallId": call_id, "status": "completed",
                        "content": [{"type": "content", "content": {"type": "text", "text": "done"}}]})
    if ask:
        say(session_id, "approved:allow_once")
    return True


class McpServer:
    """One MCP server over stdio (an mcpServers entry), with a deadline on every answer."""

    def __init__(self, entry):
        env = dict(os.environ)
        env.update({v["name"]: v["value"] for v in entry.get("env") or [] if "name" in v and "value" in v})
        self.process = subprocess.Popen([entry["command"], *entry.get("args", [])], env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.buffer = b""
        self.next_id = 0

    def request(self, method, params, timeout=30.0):
        self.next_id += 1
        request_id = self.next_id
        self.notify(method, params, request_id)
        deadline = time.monotonic() + timeout
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                if not line.strip():
                    continue
                message = json.loads(line)
                if message.get("id") == request_id and "method" not in message:
                    if "error" in message:
                        raise RuntimeError(f"{message['error'].get('code')} {message['error'].get('message')}")
                    return message.get("result") or {}
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.process.stdout], [], [], left)[0]:
                raise RuntimeError(f"no answer to {method}")
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                raise RuntimeError("the MCP server closed")
            self.buffer += chunk

    def notify(self, method, params, request_id=None):
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if request_id is not None:
            message["id"] = request_id
        self.process.stdin.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
        self.process.stdin.flush()

    def close(self):
        self.process.stdin.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def note(session_id, text):
    servers = [s for s in session_servers.get(session_id, []) if isinstance(s, dict) and s.get("command")]
    entry = next((s for s in servers if s.get("name") == "checkfu"), servers[0] if servers else None)
    if entry is None:
        say(session_id, "(this run has no platform tools: the note stays here)")
        return
    server = None
    try:
        server = McpServer(entry)
        server.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                      "clientInfo": {"name": "checkfu-demo-agent", "version": "1.0.0"}})
        server.notify("notifications/initialized", {})
        result = server.request("tools/call", {"name": "session_note", "arguments": {"text": text}})
        if result.get("isError"):
            raise RuntimeError("the tool refused the note")
        say(session_id, f"noted on the Session's page (platform tool session_note): {text}")
    except (OSError, RuntimeError, ValueError) as error:
        say(session_id, f"could not note it through the platform's tools: {error}")
    finally:
        if server is not None:
            server.close()


session_servers = {}


def run_prompt(session_id, text):
    for command in text.split(";"):
        verb, _, rest = command.strip().partition(" ")
        if verb == "say":
            say(session_id, rest)
        elif verb == "note":
            note(session_id, rest)
        elif verb in ("tool", "ask"):
            if not tool(session_id, rest or verb, ask=verb == "ask"):
                return "cancelled"
        elif verb:
            say(session_id, f"unknown command: {verb}")
    return "end_turn"


def reply(request_id, result):
    send({"jsonrpc": "2.0", "id": request_id, "result": result})


def reply_error(request_id, code, message):
    send({"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}})


def main():
    sessions = set()
    while True:
        message = read_message()
        if message is None:
            log("stdin closed")
            return 0
        method, request_id, params = message.get("method"), message.get("id"), message.get("params") or {}
        if method is None:
            continue  # an answer nobody waits for
        log(method)
        if method == "initialize":
            reply(request_id, {
                "protocolVersion": 1,
                "agentCapabilities": {"loadSession": False,
                                      "promptCapabilities": {"image": False, "audio": False, "embeddedContext": False},
                                      "mcpCapabilities": {"http": False, "sse": False}},
                "agentInfo": {"name": "checkfu-demo-agent", "title": "Checkfu demo agent", "version": "1.0.0"},
                "authMethods": []})
        elif method == "session/new":
            session_id = f"sess_{uuid.uuid4()}"
            sessions.add(session_id)
            servers = params.get("mcpServers")
            session_servers[session_id] = servers if isinstance(servers, list) else []
            reply(request_id, {"sessionId": session_id})
        elif method == "session/prompt":
            session_id = params.get("sessionId")
            if session_id not in sessions:
                reply_error(request_id, -32002, f"session not found: {session_id}")
                continue
            text = "\n".join(b.get("text", "") for b in params.get("prompt", []) if b.get("type") == "text")
            reply(request_id, {"stopReason": run_prompt(session_id, text)})
        elif method == "session/cancel" or request_id is None:
            pass  # notifications: a turn here never outlives the prompt that started it
        else:
            reply_error(request_id, -32601, f"method not found: {method}")


if __name__ == "__main__":
    sys.exit(main())
