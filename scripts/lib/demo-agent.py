#!/usr/bin/env python3
"""A small scripted ACP v1 agent for scripts/demo, on Python's standard library alone.

The demo's agent Session needs an agent that asks for permission; the tests' agent
(tests/peers/acp, on the official ACP TypeScript SDK) needs Node.js and npm, some 350 Debian
packages a first run would wait for. This one speaks the same newline-delimited JSON-RPC 2.0 on
stdin/stdout and understands a subset of that peer's prompt script (commands separated by `;`):

  say TEXT    an agent message
  tool TITLE  a tool call that completes
  ask TITLE   a tool call that first asks the client for permission (allow_once / reject_once)

stderr is the log. Exits 0 when stdin closes.
"""
import json
import sys
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


def run_prompt(session_id, text):
    for command in text.split(";"):
        verb, _, rest = command.strip().partition(" ")
        if verb == "say":
            say(session_id, rest)
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
