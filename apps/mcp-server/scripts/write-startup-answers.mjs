// Writes dist/startup-answers.json: the server's own answers to `initialize`
// (for each protocol version the SDK knows) and `tools/list`, recorded from
// the built server at build time. The bin answers these two from the file
// while the SDK and the catalog load (see src/early-stdio.ts), so a client's
// first list does not wait for several hundred modules.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import {
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/sdk/types.js";
import { createCatalog } from "@org/openspec-core";
import { createServer } from "@org/openspec-mcp-host";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const home = mkdtempSync(join(tmpdir(), "openspec-mcp-answers-"));
const catalog = createCatalog({ env: {}, home, registryPath: join(home, "registry.db") });
// Every tool offered, as when a CLI is found; without one the bin leaves the list to the server.
const everything = { ...catalog, available: async () => [...catalog.tools] };
const server = await createServer({ catalog: everything, availabilityCheckMs: 3_600_000 });
const [client, serverSide] = InMemoryTransport.createLinkedPair();
const waiting = new Map();
client.onmessage = (message) => waiting.get(message.id)?.(message);
await client.start();
await server.mcp.connect(serverSide);

let nextId = 1;
const ask = (method, params) => {
  const id = nextId++;
  const answered = new Promise((resolve) => waiting.set(id, resolve));
  void client.send({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) });
  return answered.then((message) => {
    if (message.error) throw new Error(`${method}: ${JSON.stringify(message.error)}`);
    return message.result;
  });
};

const initialize = {};
for (const version of new Set([LATEST_PROTOCOL_VERSION, ...SUPPORTED_PROTOCOL_VERSIONS])) {
  initialize[version] = await ask("initialize", {
    protocolVersion: version,
    capabilities: {},
    clientInfo: { name: "build", version: "0" },
  });
}
const { tools } = await ask("tools/list");

await server.close();
catalog.close();
rmSync(home, { recursive: true, force: true });
writeFileSync(
  join(root, "dist", "startup-answers.json"),
  `${JSON.stringify({ initialize, tools })}\n`,
);
