#!/usr/bin/env node
// A stand-in for the Runner's MCP relay in tests of the devplane and of these peers: MCP stdio
// framing (one JSON-RPC message per line) on one side, the devplane's POST …/mcp and control
// channel (§6.10) on the other, spoken directly with a workload token. It is NOT the Runner's
// bridge (no masking, no limits, no peer check): it lets the official SDK client be tested against
// the devplane's MCP servers without a Runner. Each line is one call; answers that come later as
// `mcp` control directives for this connection are written out too, by the one bridge given
// `--control yes` (a Runner has one control poll at a time; the others' later answers are lost).
//
//   direct-bridge.mjs --url URL --run RUN_ID --claim CLAIM_ID --protocol PROTOCOL [--control yes]
//   env CHECKFU_TEST_WORKLOAD_TOKEN: the token (a test's, in the entry's env)
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";

const args = {};
for (let i = 2; i + 1 < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, "")] = process.argv[i + 1];
const token = process.env.CHECKFU_TEST_WORKLOAD_TOKEN;
if (!args.url || !args.run || !args.claim || !args.protocol || !token) {
  process.stderr.write("direct-bridge: needs --url --run --claim --protocol and CHECKFU_TEST_WORKLOAD_TOKEN\n");
  process.exit(2);
}
const connection = `mcpc_${randomUUID().replaceAll("-", "")}`;
const headers = (write) => ({
  "Checkfu-Version": "2026-08-27",
  "User-Agent": "checkfu-runner/0.1.0 (linux; amd64)",
  Authorization: `Bearer ${token}`,
  ...(write ? { "Content-Type": "application/json", "Idempotency-Key": randomUUID() } : {}),
});
const write = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

const inFlight = new Set();
async function relay(line) {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    process.stderr.write("direct-bridge: dropped a line that is not JSON\n");
    return;
  }
  const response = await fetch(`${args.url}/v1/runner/runs/${args.run}/mcp`, {
    method: "POST",
    headers: headers(true),
    body: JSON.stringify({ claim_id: args.claim, protocol: args.protocol, connection, messages: [message] }),
  });
  const body = await response.json();
  if (response.status !== 200) {
    // What the Runner does for a request it cannot relay: a JSON-RPC error, never silence.
    if (message?.id !== undefined && message?.method !== undefined) {
      write({ jsonrpc: "2.0", id: message.id, error: { code: -32603, message: `plane answered ${response.status} ${body?.error?.code}` } });
    }
    return;
  }
  for (const answer of body.messages ?? []) write(answer);
}

const stop = new AbortController();
async function pollControl() {
  if (args.control !== "yes") return;
  let cursor;
  while (!stop.signal.aborted) {
    const query = new URLSearchParams({ wait_seconds: "5", ...(cursor ? { after: cursor } : {}) });
    try {
      const response = await fetch(`${args.url}/v1/runner/control?${query}`, { headers: headers(false), signal: stop.signal });
      const body = await response.json();
      if (response.status !== 200) throw new Error(`control answered ${response.status}`);
      cursor = body.cursor;
      for (const directive of body.directives ?? []) {
        if (directive.type === "mcp" && directive.connection === connection) write(directive.message);
      }
    } catch (error) {
      if (stop.signal.aborted) return;
      process.stderr.write(`direct-bridge: ${error.message}\n`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
const polling = pollControl();

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (!line.trim()) return;
  const call = relay(line).catch((error) => process.stderr.write(`direct-bridge: ${error.message}\n`));
  inFlight.add(call);
  call.finally(() => inFlight.delete(call));
});
lines.on("close", async () => {
  await Promise.all([...inFlight]);
  stop.abort();
  await polling;
  process.exit(0);
});
