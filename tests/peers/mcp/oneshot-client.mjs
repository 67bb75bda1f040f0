#!/usr/bin/env node
// A oneshot harness for the Runner's platform-tool tests (§6.10 of runner-wire-v1): it reads the MCP
// servers the Runner gave it in CHECKFU_MCP_SERVERS, connects to each with the official MCP
// TypeScript SDK (Client + StdioClientTransport), lists their tools, calls the tools it is told to,
// and prints what happened as JSON lines on stdout (README.md lists them). Options for the attack
// tests: many concurrent calls, a malformed line and an oversized message written raw on a
// server's stdin.
import { connect, errorOf, resultText, writeRaw } from "./platform-tools.mjs";

const USAGE = `usage: oneshot-client.mjs [--server NAME] [--timeout-ms N] [--concurrent N --tool NAME [--args JSON]]
                         [--malformed] [--oversized BYTES] [--raw-timeout-ms N] [CALL...]
CALL: TOOL or TOOL=JSON (the arguments object), e.g. session_id 'echo={"text":"hi"}';
more calls come from CHECKFU_MCP_CALLS (the same, as a JSON array of strings).`;

// What a call sends when it names no arguments.
const DEFAULT_ARGUMENTS = {
  echo: { text: "hello from the MCP client" },
  session_note: { text: "a note from the MCP client" },
  slow_echo: { text: "slow hello", ms: 200 },
};
const SDK_TIMEOUT_CODE = -32001; // the SDK's own RequestTimeout

function emit(event) {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}

function fatal(message) {
  emit({ event: "fatal", message });
  process.exitCode = 2;
}

function parseCall(text) {
  const at = text.indexOf("=");
  const tool = at < 0 ? text : text.slice(0, at);
  if (!tool) throw new Error(`no tool name in call ${JSON.stringify(text)}`);
  const args = at < 0 ? DEFAULT_ARGUMENTS[tool] ?? {} : JSON.parse(text.slice(at + 1));
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    throw new Error(`the arguments of ${tool} must be a JSON object`);
  }
  return { tool, args };
}

function parseOptions(argv) {
  const options = { calls: [], timeoutMs: 60000, rawTimeoutMs: 10000, concurrent: 0, malformed: false };
  const value = (i) => {
    if (i + 1 >= argv.length) throw new Error(`${argv[i]} needs a value`);
    return argv[i + 1];
  };
  const integer = (i) => {
    const n = Number(value(i));
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${argv[i]} needs a non-negative integer`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case "--server": options.server = value(i); i++; break;
      case "--timeout-ms": options.timeoutMs = integer(i); i++; break;
      case "--concurrent": options.concurrent = integer(i); i++; break;
      case "--tool": options.tool = value(i); i++; break;
      case "--args": options.args = JSON.parse(value(i)); i++; break;
      case "--malformed": options.malformed = true; break;
      case "--oversized": options.oversized = integer(i); i++; break;
      case "--raw-timeout-ms": options.rawTimeoutMs = integer(i); i++; break;
      case "--help": process.stdout.write(`${USAGE}\n`); process.exit(0); break;
      default:
        if (argv[i].startsWith("--")) throw new Error(`unknown option ${argv[i]}\n${USAGE}`);
        options.calls.push(parseCall(argv[i]));
    }
  }
  if (process.env.CHECKFU_MCP_CALLS) {
    const more = JSON.parse(process.env.CHECKFU_MCP_CALLS);
    if (!Array.isArray(more)) throw new Error("CHECKFU_MCP_CALLS must be a JSON array of strings");
    for (const call of more) options.calls.push(parseCall(String(call)));
  }
  if (options.concurrent > 0 && !options.tool) throw new Error("--concurrent needs --tool");
  return options;
}

function readServers() {
  const text = process.env.CHECKFU_MCP_SERVERS;
  if (text === undefined) throw new Error("CHECKFU_MCP_SERVERS is not set: this run was given no MCP server");
  const servers = JSON.parse(text);
  if (!Array.isArray(servers)) throw new Error("CHECKFU_MCP_SERVERS must be a JSON array");
  return servers;
}

// Raw requests (ids "raw-…") bypass the SDK both ways: their answers are taken off the transport
// before the SDK's Client, which would only report an unknown id.
function tapRawAnswers(transport) {
  const waiting = new Map();
  const forward = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const id = message?.id;
    if (typeof id === "string" && id.startsWith("raw-") && !("method" in message)) {
      waiting.get(id)?.(message);
      waiting.delete(id);
      return;
    }
    forward?.(message, extra);
  };
  return (id, timeoutMs) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(null);
      }, timeoutMs);
      waiting.set(id, (message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
}

async function callTool(client, name, args, timeoutMs) {
  try {
    const result = await client.callTool({ name, arguments: args }, undefined, { timeout: timeoutMs });
    return { ok: true, text: resultText(result), isError: result?.isError === true };
  } catch (error) {
    return { ok: false, ...errorOf(error) };
  }
}

async function main() {
  let options;
  let servers;
  try {
    options = parseOptions(process.argv.slice(2));
    servers = readServers();
  } catch (error) {
    return fatal(error.message);
  }
  emit({ event: "servers", count: servers.length, names: servers.map((s) => s?.name ?? null) });
  let failed = false;
  const connected = [];
  for (const entry of servers) {
    if (options.server !== undefined && entry?.name !== options.server) continue;
    try {
      const { client, transport } = await connect(entry);
      const awaitRaw = tapRawAnswers(transport);
      const listed = await client.listTools(undefined, { timeout: options.timeoutMs });
      const tools = listed.tools.map((tool) => tool.name);
      emit({ event: "connected", server: entry.name, protocol: entry.protocol ?? null, serverInfo: client.getServerVersion() ?? null });
      emit({ event: "tools", server: entry.name, tools });
      connected.push({ entry, client, transport, tools, awaitRaw });
    } catch (error) {
      failed = true;
      emit({ event: "connect-failed", server: entry?.name ?? null, ...errorOf(error) });
    }
  }

  const target = (tool) => connected.find((server) => server.tools.includes(tool)) ?? connected[0];
  for (const [index, call] of options.calls.entries()) {
    const server = target(call.tool);
    if (!server) break;
    const outcome = await callTool(server.client, call.tool, call.args, options.timeoutMs);
    if (outcome.ok) {
      emit({ event: "result", server: server.entry.name, tool: call.tool, index, text: outcome.text, isError: outcome.isError });
    } else {
      failed ||= outcome.code === SDK_TIMEOUT_CODE || outcome.code === 0;
      emit({ event: "error", server: server.entry.name, tool: call.tool, index, code: outcome.code, message: outcome.message });
    }
  }

  if (options.concurrent > 0 && connected.length > 0) {
    const server = target(options.tool);
    const args = options.args ?? DEFAULT_ARGUMENTS[options.tool] ?? {};
    const started = Date.now();
    const outcomes = await Promise.all(
      Array.from({ length: options.concurrent }, (_, i) =>
        callTool(server.client, options.tool, args.text === undefined ? args : { ...args, text: `${args.text} ${i + 1}` }, options.timeoutMs),
      ),
    );
    const errorCodes = {};
    for (const outcome of outcomes.filter((o) => !o.ok)) errorCodes[outcome.code] = (errorCodes[outcome.code] ?? 0) + 1;
    const answered = outcomes.filter((o) => o.ok || (o.code !== SDK_TIMEOUT_CODE && o.code !== 0)).length;
    failed ||= answered !== outcomes.length;
    emit({
      event: "concurrent", server: server.entry.name, tool: options.tool, calls: outcomes.length,
      ok: outcomes.filter((o) => o.ok && !o.isError).length, errors: outcomes.filter((o) => !o.ok).length,
      error_codes: errorCodes, answered, ms: Date.now() - started,
      texts: outcomes.filter((o) => o.ok).map((o) => o.text),
    });
  }

  const raw = connected[0];
  if (raw && options.malformed) {
    // A line that is no JSON at all (the Runner drops it: nothing to answer), then a request that
    // is JSON but not JSON-RPC 2.0, with an id (the Runner answers it -32600).
    writeRaw(raw.transport, "{this is not json");
    const answer = raw.awaitRaw("raw-malformed", options.rawTimeoutMs);
    writeRaw(raw.transport, JSON.stringify({ jsonrpc: "1.0", id: "raw-malformed", method: "tools/call", params: { name: "echo" } }));
    const message = await answer;
    failed ||= message === null;
    emit({ event: message ? "raw" : "raw-timeout", server: raw.entry.name, id: "raw-malformed", answer: message });
  }
  if (raw && options.oversized !== undefined) {
    const answer = raw.awaitRaw("raw-oversized", options.rawTimeoutMs);
    writeRaw(raw.transport, JSON.stringify({
      jsonrpc: "2.0", id: "raw-oversized", method: "tools/call",
      params: { name: "echo", arguments: { text: "x".repeat(options.oversized) } },
    }));
    const message = await answer;
    failed ||= message === null;
    // The answer's text may be as large as what was sent: only its size is printed.
    emit({
      event: message ? "raw" : "raw-timeout", server: raw.entry.name, id: "raw-oversized",
      answer: message && { id: message.id, error: message.error ?? null, result_text_length: resultText(message.result).length },
    });
  }
  // The run goes on after the raw lines: one more call shows the connection still answers.
  if (raw && (options.malformed || options.oversized !== undefined)) {
    const after = await callTool(raw.client, "session_id", {}, options.timeoutMs);
    failed ||= !after.ok;
    emit({ event: after.ok ? "result" : "error", server: raw.entry.name, tool: "session_id", index: "after-raw", ...after });
  }

  for (const server of connected) await server.client.close().catch(() => {});
  emit({ event: "done", ok: !failed });
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => fatal(String(error?.stack ?? error)));
