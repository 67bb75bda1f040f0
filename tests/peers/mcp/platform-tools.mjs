// The MCP servers a Checkfu run receives (§6.10 of runner-wire-v1), reached with the official MCP
// TypeScript SDK: shared by oneshot-client.mjs and the ACP test agent (tests/peers/acp).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

export const PEER_NAME = "checkfu-mcp-test-peer";
export const PEER_VERSION = "1.0.0";

// An entry's env list ([{name, value}], ACP's stdio shape) as an object.
export function entryEnv(entry) {
  const env = {};
  for (const variable of Array.isArray(entry?.env) ? entry.env : []) {
    if (typeof variable?.name === "string" && typeof variable?.value === "string") env[variable.name] = variable.value;
  }
  return env;
}

// Starts the entry's command (argv: command + args; env: the SDK's few safe variables plus the
// entry's, as the SDK does) and connects an SDK Client to it: {client, transport}. stderr of the
// server process goes to ours.
export async function connect(entry, { clientName = PEER_NAME } = {}) {
  if (typeof entry?.command !== "string" || entry.command.length === 0) {
    throw new Error(`MCP server entry ${JSON.stringify(entry?.name)} has no command`);
  }
  const transport = new StdioClientTransport({
    command: entry.command,
    args: Array.isArray(entry.args) ? entry.args : [],
    env: entryEnv(entry),
    stderr: "inherit",
  });
  const client = new Client({ name: clientName, version: PEER_VERSION }, { capabilities: {} });
  await client.connect(transport);
  return { client, transport };
}

// The text blocks of a tools/call result, joined.
export function resultText(result) {
  return (Array.isArray(result?.content) ? result.content : [])
    .filter((block) => block?.type === "text")
    .map((block) => block.text)
    .join("");
}

// {code, message} of an error thrown by the SDK (McpError carries the JSON-RPC code).
export function errorOf(error) {
  return { code: typeof error?.code === "number" ? error.code : 0, message: String(error?.message ?? error) };
}

// Writes one raw line on the server's stdin, past the SDK (for malformed and oversized messages).
// The SDK keeps the child process private; this is a test peer reaching for it on purpose.
export function writeRaw(transport, line) {
  const stdin = transport._process?.stdin;
  if (!stdin) throw new Error("the MCP server's stdin is not open");
  stdin.write(line.endsWith("\n") ? line : `${line}\n`);
}
