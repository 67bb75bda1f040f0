#!/usr/bin/env node
// Scripted ACP v1 agent for the Runner's tests, built on the official ACP TypeScript SDK.
// stdin/stdout carry newline-delimited JSON-RPC 2.0; stderr is the log. The text of each
// session/prompt is a script of test commands (see README.md). Exits 0 when stdin closes.
//
// The SDK's app API (agent().onRequest().connect(ndJsonStream())) comes from the default
// entrypoint, which speaks ACP v1; "@agentclientprotocol/sdk/experimental/v2" is the ACP v2
// draft wire protocol, not a newer API for v1.
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { join } from "node:path";
import { Readable } from "node:stream";
import { Worker } from "node:worker_threads";
import { randomUUID } from "node:crypto";
import { agent, methods, ndJsonStream, RequestError } from "@agentclientprotocol/sdk";

const { name: PEER_NAME, version: PEER_VERSION } = JSON.parse(
  readFileSync(new URL("./package.json", import.meta.url), "utf8"),
);
const TICK_MS = 100;
const EXIT_FLUSH_TIMEOUT_MS = 5000;
// flood: messages written per batch, and (with the "sdk" flag) handed to the SDK before waiting
// for the last one to be written.
const FLOOD_BATCH = 2048;
const FLOOD_WINDOW = 256;

function log(text) {
  process.stderr.write(`acp-peer: ${text}\n`);
}

function parseArgs(argv) {
  let protocolVersion = 1;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    let value;
    if (arg === "--protocol-version") value = argv[++i];
    else if (arg.startsWith("--protocol-version=")) value = arg.slice("--protocol-version=".length);
    else {
      process.stderr.write(`usage: agent.mjs [--protocol-version N]\nunknown argument: ${arg}\n`);
      process.exit(2);
    }
    protocolVersion = Number(value);
    if (!Number.isInteger(protocolVersion) || protocolVersion < 0 || protocolVersion > 65535) {
      process.stderr.write(`--protocol-version needs an integer 0..65535, got ${value}\n`);
      process.exit(2);
    }
  }
  return { protocolVersion };
}

const options = parseArgs(process.argv.slice(2));

// ---------------------------------------------------------------------------------------------
// stdout: one sink for the SDK's messages and our raw lines, so every line goes out whole and in
// order. Lines produced in the same event-loop turn are coalesced into one pipe write (one write
// per message costs a syscall each and dominated `flood`); once stdout's buffer is over its
// high-water mark, writers wait for 'drain', which passes the reader's backpressure on.

const stdout = process.stdout;
const COALESCE_BYTES = 1 << 20;
let pendingChunks = [];
let pendingBytes = 0;
let flushScheduled = false;
let drained = null;
let exiting = false;

stdout.on("error", (error) => {
  // The client closed its end of the pipe: nobody is left to talk to.
  log(`note: stdout error ${error.code ?? error.message}, exiting 0`);
  process.exit(0);
});

function waitForDrain() {
  if (!stdout.writableNeedDrain) return Promise.resolve();
  drained ??= new Promise((resolve) =>
    stdout.once("drain", () => {
      drained = null;
      resolve();
    }),
  );
  return drained;
}

function flushPending() {
  flushScheduled = false;
  if (pendingChunks.length === 0) return;
  const data = pendingChunks.length === 1 ? pendingChunks[0] : Buffer.concat(pendingChunks, pendingBytes);
  pendingChunks = [];
  pendingBytes = 0;
  stdout.write(data);
}

function writeOut(bytes) {
  pendingChunks.push(bytes);
  pendingBytes += bytes.byteLength;
  if (pendingBytes >= COALESCE_BYTES) flushPending();
  else if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flushPending);
  }
  return waitForDrain();
}

function writeRawLine(text) {
  return writeOut(Buffer.from(`${text}\n`, "utf8"));
}

// Pipes are asynchronous in Node: exiting right after a write can drop it, so flush first.
function flushStdout(timeoutMs = EXIT_FLUSH_TIMEOUT_MS) {
  flushPending();
  if (stdout.writableLength === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    stdout.write("", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function exitAfterFlush(code, why) {
  if (exiting) return;
  exiting = true;
  await flushStdout();
  log(`note: exit ${code} (${why})`);
  process.exit(code);
}

const output = new WritableStream({ write: (chunk) => writeOut(chunk) });
const input = Readable.toWeb(process.stdin);

// ---------------------------------------------------------------------------------------------
// State

let initializeParams = null; // as received on the wire, not as the SDK's schema parsed it
const rawParamsById = new Map(); // raw params of initialize and session/new requests by id
const sessions = new Map(); // sessionId -> { id, cwd, mcpServers, rawParams, turns, turn }
let toolCallCounter = 0;

class Cancelled extends Error {}

function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Cancelled());
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Cancelled());
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

// ---------------------------------------------------------------------------------------------
// Script language

const FREE_TEXT = new Set(["say", "junk", "stderr", "tool", "ask"]); // rest of the line is one argument
const COMMANDS = new Set([
  "say", "chunks", "plan", "tool", "ask", "write", "read", "sleep", "long", "crash", "junk",
  "unknown-update", "unknown-request", "stop", "flood", "big", "turn-info", "client-info",
  "stderr", "cwd", "symlink", "ask-many", "race", "mcp-tools", "mcp-call",
]);

function parseStatements(text) {
  return text
    .split(/[\n;]/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((s) => {
      const m = /^(\S+)(?:\s+([\s\S]*))?$/.exec(s);
      const name = m[1];
      const rest = m[2] ?? "";
      if (name === "write") {
        const w = /^(\S+)(?:\s+([\s\S]*))?$/.exec(rest);
        return { name, source: s, args: w ? [w[1], w[2] ?? ""] : [] };
      }
      if (name === "mcp-call") {
        // mcp-call <server> <tool> [arguments JSON, spaces allowed]
        const c = /^(\S+)\s+(\S+)(?:\s+([\s\S]*))?$/.exec(rest);
        return { name, source: s, args: c ? [c[1], c[2], c[3] ?? ""] : [] };
      }
      if (FREE_TEXT.has(name)) return { name, source: s, args: [rest] };
      return { name, source: s, args: rest.length > 0 ? rest.split(/\s+/) : [] };
    });
}

function intArg(value, fallback) {
  if (value === undefined) return fallback;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 ? n : NaN;
}

function errorText(error) {
  if (error instanceof RequestError) return `${error.code} ${error.message}`;
  if (error && typeof error === "object" && "code" in error) return `${error.code} ${error.message}`;
  return `0 ${error?.message ?? String(error)}`;
}

class Turn {
  constructor(session, client, ordinal) {
    this.session = session;
    this.client = client;
    this.ordinal = ordinal;
    this.controller = new AbortController();
  }

  get signal() {
    return this.controller.signal;
  }

  cancel() {
    this.controller.abort();
  }

  update(update) {
    return this.client.notify(methods.client.session.update, { sessionId: this.session.id, update });
  }

  say(text) {
    return this.update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });
  }

  checkCancelled() {
    if (this.signal.aborted) throw new Cancelled();
  }

  // Runs the prompt's script; returns the stop reason.
  async run(text) {
    // {cwd} stands for the session's cwd, so a script can name paths around the workspace.
    const statements = parseStatements(text.replaceAll("{cwd}", this.session.cwd ?? ""));
    if (!statements.some((s) => COMMANDS.has(s.name))) {
      await this.say(`echo: ${text}`);
      return "end_turn";
    }
    try {
      for (const statement of statements) {
        this.checkCancelled();
        const stop = await this.execute(statement);
        if (stop !== undefined) return stop;
      }
      this.checkCancelled();
      return "end_turn";
    } catch (error) {
      if (error instanceof Cancelled) return "cancelled";
      throw error;
    }
  }

  async execute({ name, args, source }) {
    switch (name) {
      case "say":
        await this.say(args[0]);
        return;
      case "chunks": {
        const n = intArg(args[0], 1);
        if (Number.isNaN(n)) return this.usage(source);
        for (let i = 1; i <= n; i++) await this.say(`chunk ${i}`);
        return;
      }
      case "plan":
        await this.update({
          sessionUpdate: "plan",
          entries: [
            { content: "Read the prompt", priority: "high", status: "completed" },
            { content: "Run the script", priority: "medium", status: "in_progress" },
          ],
        });
        return;
      case "tool":
        return this.tool(args[0] || "tool");
      case "ask":
        return this.ask(args[0] || "ask");
      case "write":
        return this.write(args[0], args[1], source);
      case "read":
        return this.read(args[0], source);
      case "sleep": {
        const ms = intArg(args[0], 0);
        if (Number.isNaN(ms)) return this.usage(source);
        await sleep(ms, this.signal);
        return;
      }
      case "long": {
        const ms = intArg(args[0], 0);
        if (Number.isNaN(ms)) return this.usage(source);
        for (let i = 1, left = ms; left > 0; i++, left -= TICK_MS) {
          await sleep(Math.min(TICK_MS, left), this.signal);
          await this.say(`tick ${i}`);
        }
        return;
      }
      case "crash": {
        const code = intArg(args[0], 3);
        await exitAfterFlush(Number.isNaN(code) ? 3 : code & 255, "crash command");
        return new Promise(() => {}); // never resumes
      }
      case "junk":
        await writeRawLine(args[0]);
        return;
      case "symlink": {
        // The agent's own file system access (not fs/*): sets up a link for a confinement test.
        if (args.length !== 2) return this.usage(source);
        try {
          symlinkSync(args[0], args[1]);
          await this.say(`symlink ok ${args[1]}`);
        } catch (error) {
          await this.say(`symlink error ${error.message}`);
        }
        return;
      }
      case "ask-many": {
        const n = intArg(args[0], NaN);
        if (Number.isNaN(n)) return this.usage(source);
        return this.askMany(n);
      }
      case "race":
        return this.race(args, source);
      case "unknown-update":
        await this.update({
          sessionUpdate: "checkfu_future_kind",
          checkfuFutureField: { nested: [1, 2, 3] },
        });
        await this.client.notify("_checkfu/telemetry", { x: 1 });
        await this.client.notify(methods.client.session.update, {
          sessionId: "sess_unknown",
          update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "for an unknown session" } },
        });
        await this.say("unknown-update sent");
        return;
      case "unknown-request":
        try {
          const result = await this.client.request("checkfu/unknown_method", { sessionId: this.session.id });
          await this.say(`unknown-request ok ${JSON.stringify(result ?? null)}`);
        } catch (error) {
          await this.say(`unknown-request ${error?.code ?? errorText(error)}`);
        }
        return;
      case "stop":
        return args[0] || "end_turn";
      case "flood":
        return this.flood(source, args);
      case "big": {
        const bytes = intArg(args[0], NaN);
        if (Number.isNaN(bytes)) return this.usage(source);
        await this.say("x".repeat(bytes));
        return;
      }
      case "turn-info":
        await this.say(`turn ${this.ordinal} session ${this.session.id}`);
        return;
      case "client-info":
        await this.say(
          JSON.stringify({
            protocolVersion: initializeParams?.protocolVersion,
            clientCapabilities: initializeParams?.clientCapabilities,
            clientInfo: initializeParams?.clientInfo,
            cwd: this.session.rawParams?.cwd,
            mcpServers: this.session.rawParams?.mcpServers,
          }),
        );
        return;
      case "stderr":
        process.stderr.write(`${args[0]}\n`);
        return;
      case "cwd":
        await this.say(process.cwd());
        return;
      case "mcp-tools":
      case "mcp-call":
        return this.mcp(name, source, args);
      default:
        await this.say(`unknown command: ${name}`);
    }
  }

  usage(source) {
    return this.say(`bad arguments: ${source}`);
  }

  // mcp-tools <server> / mcp-call <server> <tool> [json]: the MCP server of that name from
  // session/new's mcpServers, started and reached with the official MCP SDK (tests/peers/mcp),
  // once per session; the answer becomes a chunk.
  async mcp(name, source, args) {
    if (!args[0] || (name === "mcp-call" && !args[1])) return this.usage(source);
    let toolArgs = {};
    if (name === "mcp-call" && args[2]) {
      try {
        toolArgs = JSON.parse(args[2]);
      } catch {
        return this.usage(source);
      }
    }
    const prefix = name === "mcp-call" ? `mcp-call ${args[1]}` : `mcp-tools ${args[0]}`;
    try {
      const server = await this.mcpServer(args[0]);
      if (name === "mcp-tools") {
        const listed = await server.client.listTools();
        await this.say(`${prefix} ${listed.tools.map((tool) => tool.name).join(",")}`);
        return;
      }
      const result = await server.client.callTool({ name: args[1], arguments: toolArgs });
      await this.say(`${prefix} ${result.isError ? "tool-error" : "ok"} ${server.tools.resultText(result)}`);
    } catch (error) {
      const code = typeof error?.code === "number" ? error.code : 0;
      await this.say(`${prefix} error ${code} ${error?.message ?? String(error)}`);
    }
  }

  async mcpServer(serverName) {
    this.session.mcp ??= new Map();
    let server = this.session.mcp.get(serverName);
    if (!server) {
      const entry = (this.session.rawParams?.mcpServers ?? []).find((candidate) => candidate?.name === serverName);
      if (!entry) throw new Error(`no MCP server ${serverName} in session/new's mcpServers`);
      // Imported only here: the agent runs without tests/peers/mcp installed otherwise.
      const tools = await import(new URL("../mcp/platform-tools.mjs", import.meta.url)).catch(() => {
        throw new Error("the MCP SDK is not installed (npm ci --prefix tests/peers/mcp)");
      });
      server = { tools, ...(await tools.connect(entry, { clientName: PEER_NAME })) };
      this.session.mcp.set(serverName, server);
    }
    return server;
  }

  newToolCallId() {
    return `call_${++toolCallCounter}`;
  }

  async tool(title) {
    const toolCallId = this.newToolCallId();
    await this.update({ sessionUpdate: "tool_call", toolCallId, title, kind: "execute", status: "pending" });
    await this.update({
      sessionUpdate: "tool_call_update",
      toolCallId,
      status: "completed",
      content: [{ type: "content", content: { type: "text", text: "done" } }],
    });
  }

  async ask(title) {
    const toolCallId = this.newToolCallId();
    await this.update({ sessionUpdate: "tool_call", toolCallId, title, kind: "execute", status: "pending" });
    const permissionOptions = [
      { optionId: "allow_once", name: "Allow", kind: "allow_once" },
      { optionId: "reject_once", name: "Reject", kind: "reject_once" },
    ];
    let response;
    try {
      // Not interrupted by session/cancel: the client must answer a pending permission
      // request with the "cancelled" outcome itself.
      response = await this.client.request(methods.client.session.requestPermission, {
        sessionId: this.session.id,
        toolCall: { toolCallId, title, kind: "execute", status: "pending" },
        options: permissionOptions,
      });
    } catch (error) {
      await this.update({ sessionUpdate: "tool_call_update", toolCallId, status: "failed" });
      await this.say(`ask error ${errorText(error)}`);
      return;
    }
    const outcome = response?.outcome;
    if (outcome?.outcome === "cancelled") throw new Cancelled();
    const optionId = outcome?.optionId;
    const option = permissionOptions.find((o) => o.optionId === optionId);
    if (outcome?.outcome === "selected" && option?.kind.startsWith("allow_")) {
      await this.update({ sessionUpdate: "tool_call_update", toolCallId, status: "in_progress" });
      await this.update({
        sessionUpdate: "tool_call_update",
        toolCallId,
        status: "completed",
        content: [{ type: "content", content: { type: "text", text: "done" } }],
      });
      await this.say(`approved:${optionId}`);
    } else if (outcome?.outcome === "selected" && option) {
      await this.update({ sessionUpdate: "tool_call_update", toolCallId, status: "failed" });
      await this.say(`rejected:${optionId}`);
    } else {
      await this.update({ sessionUpdate: "tool_call_update", toolCallId, status: "failed" });
      await this.say(`ask invalid outcome ${JSON.stringify(response ?? null)}`);
    }
  }

  // n permission requests at once, none waiting for another; each answer becomes a chunk
  // `ask-many <i> <outcome> [optionId]` (or `ask-many <i> error <code> <message>`) as it arrives.
  async askMany(n) {
    const permissionOptions = [
      { optionId: "allow_once", name: "Allow", kind: "allow_once" },
      { optionId: "reject_once", name: "Reject", kind: "reject_once" },
    ];
    const answers = [];
    for (let i = 1; i <= n; i++) {
      const toolCall = { toolCallId: this.newToolCallId(), title: `ask-many ${i}`, kind: "execute", status: "pending" };
      answers.push(
        this.client
          .request(methods.client.session.requestPermission, {
            sessionId: this.session.id,
            toolCall,
            options: permissionOptions,
          })
          .then(
            (response) => {
              const outcome = response?.outcome;
              return this.say(`ask-many ${i} ${outcome?.outcome}${outcome?.optionId ? ` ${outcome.optionId}` : ""}`);
            },
            (error) => this.say(`ask-many ${i} error ${errorText(error)}`),
          ),
      );
    }
    await Promise.all(answers);
  }

  // race <outside> <n>: a worker thread swaps {cwd}/race/d (a directory holding secret.txt) for a
  // link to <outside> as fast as it can while n rounds of fs/read_text_file race/d/secret.txt and
  // fs/write_text_file race/d/secret.txt and race/d/new.txt go to the client. Then one chunk
  // `race reads ok <a> refused <b> writes ok <c> refused <d> swaps <s>` and one chunk
  // `race read <JSON of the content>` per distinct content read.
  async race(args, source) {
    const n = intArg(args[1], NaN);
    if (!args[0] || Number.isNaN(n) || !this.session.cwd) return this.usage(source);
    const base = join(this.session.cwd, "race");
    rmSync(base, { recursive: true, force: true }); // a link in it is removed, not followed
    mkdirSync(join(base, "d"), { recursive: true });
    writeFileSync(join(base, "d", "secret.txt"), "inside\n");
    symlinkSync(args[0], join(base, "evil"));
    const shared = new Int32Array(new SharedArrayBuffer(8)); // [0]: stop, [1]: swaps done
    const worker = new Worker(RACE_SWAPPER, { eval: true, workerData: { base, outside: args[0], shared } });
    const exited = once(worker, "exit");
    const counts = { readsOk: 0, readsRefused: 0, writesOk: 0, writesRefused: 0 };
    const seen = new Set();
    const target = join(base, "d", "secret.txt");
    try {
      // The race starts when the swapping does (a worker takes a while to start).
      for (let waited = 0; Atomics.load(shared, 1) === 0 && waited < 10000; waited += 5) await sleep(5, this.signal);
      for (let i = 1; i <= n; i++) {
        this.checkCancelled();
        try {
          const result = await this.client.request(methods.client.fs.readTextFile, {
            sessionId: this.session.id,
            path: target,
          });
          counts.readsOk++;
          seen.add(result?.content);
        } catch {
          counts.readsRefused++;
        }
        for (const path of [target, join(base, "d", "new.txt")]) {
          try {
            await this.client.request(methods.client.fs.writeTextFile, {
              sessionId: this.session.id,
              path,
              content: "pwned\n",
            });
            counts.writesOk++;
          } catch {
            counts.writesRefused++;
          }
        }
      }
    } finally {
      Atomics.store(shared, 0, 1);
      await exited;
    }
    await this.say(
      `race reads ok ${counts.readsOk} refused ${counts.readsRefused} writes ok ${counts.writesOk} ` +
        `refused ${counts.writesRefused} swaps ${Atomics.load(shared, 1)}`,
    );
    for (const content of seen) await this.say(`race read ${JSON.stringify(content)}`);
  }

  async write(path, text, source) {
    if (!path) return this.usage(source);
    try {
      await this.client.request(methods.client.fs.writeTextFile, {
        sessionId: this.session.id,
        path,
        content: `${text ?? ""}\n`,
      });
      await this.say(`write ok ${path}`);
    } catch (error) {
      await this.say(`write error ${errorText(error)}`);
    }
  }

  async read(path, source) {
    if (!path) return this.usage(source);
    try {
      const result = await this.client.request(methods.client.fs.readTextFile, { sessionId: this.session.id, path });
      await this.say(`read ok ${result?.content}`);
    } catch (error) {
      await this.say(`read error ${errorText(error)}`);
    }
  }

  async flood(source, args) {
    const n = intArg(args[0], NaN);
    const bytes = intArg(args[1], 16);
    const viaSdk = args[2] === "sdk";
    if (Number.isNaN(n) || Number.isNaN(bytes) || (args[2] !== undefined && !viaSdk)) return this.usage(source);
    // Texts are the 1-based index, zero-padded (or cut) to `bytes` characters.
    const pad = "0".repeat(bytes);
    const text = (i) => {
      const s = String(i);
      return s.length >= bytes ? s.slice(s.length - bytes) : pad.slice(s.length) + s;
    };
    if (viaSdk) {
      // The SDK writes messages strictly in order; a bounded window of them in flight saves a
      // round of promise hops per message, and awaiting the window's last one passes the pipe's
      // backpressure on.
      let last = Promise.resolve();
      for (let i = 1; i <= n; i++) {
        last = this.say(text(i));
        if (i % FLOOD_WINDOW === 0) {
          await last;
          await yieldToEventLoop(); // lets a session/cancel in
          this.checkCancelled();
        }
      }
      await last;
      return;
    }
    // The SDK costs ~20 us a message in web-stream bookkeeping (100000 messages: ~2.3 s), which
    // would make a throughput benchmark measure this peer. These are the bytes it would write
    // (the texts are digits: nothing to escape), in batches through the same stdout sink.
    const head = JSON.stringify({
      jsonrpc: "2.0",
      method: methods.client.session.update,
      params: { sessionId: this.session.id, update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "" } } },
    });
    const [prefix, suffix] = [head.slice(0, head.length - 5), `${head.slice(head.length - 5)}\n`];
    for (let i = 1; i <= n; ) {
      let batch = "";
      for (const end = Math.min(n, i + FLOOD_BATCH - 1); i <= end; i++) batch += prefix + text(i) + suffix;
      await writeOut(Buffer.from(batch, "utf8"));
      await yieldToEventLoop();
      this.checkCancelled();
    }
  }
}

// The swapping thread of `race`: d (a directory) and evil (a link to outside) trade places by
// renames, in a tight loop. While d is briefly missing the client may create it (a write makes
// missing directories); that one is removed and the cycle goes on.
const RACE_SWAPPER = `
const { workerData } = require("node:worker_threads");
const fs = require("node:fs");
const path = require("node:path");
const { base, outside, shared } = workerData;
const d = path.join(base, "d"), real = path.join(base, "real"), evil = path.join(base, "evil");
const isDir = (p) => { try { return fs.lstatSync(p).isDirectory(); } catch { return false; } };
const exists = (p) => { try { fs.lstatSync(p); return true; } catch { return false; } };
function repair() {
  try { if (exists(real) && isDir(d)) fs.rmSync(d, { recursive: true, force: true }); } catch {}
  try { if (exists(real) && !exists(d)) fs.renameSync(real, d); } catch {}
  try { if (!exists(evil)) fs.symlinkSync(outside, evil); } catch {}
}
let swaps = 0;
while (Atomics.load(shared, 0) === 0) {
  try {
    fs.renameSync(d, real);
    fs.renameSync(evil, d);
    fs.renameSync(d, evil);
    fs.renameSync(real, d);
    Atomics.store(shared, 1, ++swaps);
  } catch {
    repair();
  }
}
repair();
`;

function yieldToEventLoop() {
  return new Promise((resolve) => setImmediate(resolve));
}

// ---------------------------------------------------------------------------------------------
// Connection

// Log every received request and notification by method name, and keep the raw params of the
// requests whose fields client-info reports (the SDK hands handlers schema-parsed params, with
// defaults filled in).
const tap = new TransformStream({
  transform(message, controller) {
    if (message && typeof message === "object" && typeof message.method === "string") {
      log(message.method);
      if ("id" in message && (message.method === "initialize" || message.method === "session/new")) {
        rawParamsById.set(message.id, message.params);
      }
    }
    controller.enqueue(message);
  },
});

function takeRawParams(requestId, parsed) {
  const raw = rawParamsById.get(requestId);
  rawParamsById.delete(requestId);
  return raw ?? parsed;
}

const stream = ndJsonStream(output, input);
const tappedStream = { readable: stream.readable.pipeThrough(tap), writable: stream.writable };

const app = agent({ name: PEER_NAME })
  .onRequest(methods.agent.initialize, ({ params, requestId }) => {
    initializeParams = takeRawParams(requestId, params);
    return {
      protocolVersion: options.protocolVersion,
      agentCapabilities: {
        loadSession: false,
        promptCapabilities: { image: false, audio: false, embeddedContext: false },
        mcpCapabilities: { http: false, sse: false },
      },
      agentInfo: { name: PEER_NAME, title: "Checkfu ACP test peer", version: PEER_VERSION },
      authMethods: [],
    };
  })
  .onRequest(methods.agent.session.new, ({ params, requestId }) => {
    const id = `sess_${randomUUID()}`;
    const rawParams = takeRawParams(requestId, params);
    sessions.set(id, { id, cwd: params.cwd, rawParams, turns: 0, turn: null });
    return { sessionId: id };
  })
  .onRequest(methods.agent.session.prompt, async ({ params, client, signal }) => {
    const session = sessions.get(params.sessionId);
    if (!session) throw RequestError.sessionNotFound(params.sessionId);
    if (session.turn) throw RequestError.invalidRequest(undefined, "a prompt is already running in this session");
    const turn = new Turn(session, client, ++session.turns);
    session.turn = turn;
    // $/cancel_request for this request cancels the turn like session/cancel does.
    const onAbort = () => turn.cancel();
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      const text = params.prompt
        .filter((block) => block.type === "text")
        .map((block) => block.text)
        .join("\n");
      return { stopReason: await turn.run(text) };
    } finally {
      signal.removeEventListener("abort", onAbort);
      session.turn = null;
    }
  })
  .onNotification(methods.agent.session.cancel, ({ params }) => {
    sessions.get(params.sessionId)?.turn?.cancel();
  });

const connection = app.connect(tappedStream);

connection.closed.then(() => {
  for (const session of sessions.values()) session.turn?.cancel();
  const reason = connection.signal.reason;
  const why = reason && reason.message !== "ACP connection closed" ? `connection closed: ${reason.message}` : "stdin closed";
  return exitAfterFlush(0, why);
});
