import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createMCPClient, type MCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";
import { MCP_BIN } from "@org/host-harness";
import { temporaryFolder } from "@org/test-kit";
import { describe, expect, it } from "vitest";
import { sessionCount } from "./test-support/session-count.js";
import { useDemoServer } from "./test-support/use-demo-server.js";
import { expectTheDemoAnswers, useLikeAnApp } from "./test-support/use-like-an-app.js";
import { REPORT_EXIT, watchExits } from "./test-support/watch-exits.js";

// Vercel's AI SDK: `createMCPClient` probes with `server/discover` (2026-07-28)
// unless `protocolVersionDiscovery: false`, which makes it initialize a 2025-11-25
// session. Both are what its users get, so both are checked on both transports.
const REVISIONS = [
  { revision: "2026-07-28", protocolVersionDiscovery: true },
  { revision: "2025-11-25", protocolVersionDiscovery: false },
] as const;

const demo = useDemoServer("ai-sdk");

/** Loaded with `--require` in front of the server: what it writes to stdout also goes to RECORD_ANSWERS_FILE. */
const RECORD_ANSWERS = fileURLToPath(new URL("./test-support/record-answers.cjs", import.meta.url));

/**
 * The revision an app gets over stdio. The AI SDK waits one second for the
 * answer to `server/discover` over stdio, then initializes a 2025-11-25
 * session instead: on a loaded machine the server's start alone can take
 * longer. So 2025-11-25 is right only when the server did answer the probe
 * with 2026-07-28 among its versions (late), and never when it refused it.
 */
function expectedOverStdio(revision: string, protocol: unknown, answers: string): string {
  if (revision !== "2026-07-28" || protocol === revision) return revision;
  const discovered = answers
    .split("\n")
    .filter((line) => line.trim() !== "")
    .some((line) => {
      try {
        const message = JSON.parse(line) as { result?: { supportedVersions?: unknown } };
        const versions = message.result?.supportedVersions;
        return Array.isArray(versions) && versions.includes("2026-07-28");
      } catch {
        return false;
      }
    });
  return discovered ? "2025-11-25" : revision;
}

/** An app's session, and what the model gets: the AI SDK's own tool set, a failing call run as generateText would. */
async function useAsAnAiApp(client: MCPClient) {
  const seen = await useLikeAnApp(client);
  const prompt = await client.getPrompt({ name: "explore", arguments: { source: "demo" } });
  const modelTools = await client.tools();
  const modelFailure = await modelTools.openspec_list?.execute(
    { source: "nowhere" },
    { toolCallId: "call-1", messages: [], context: {} },
  );
  return { ...seen, protocol: client.initializeResult.protocolVersion, prompt, modelFailure };
}

function expectAnAiAppsSession(seen: Awaited<ReturnType<typeof useAsAnAiApp>>, revision: string) {
  expect(seen.protocol).toBe(revision);
  expect(seen.tools).toHaveLength(15);
  expectTheDemoAnswers(seen);
  expect(JSON.stringify(seen.prompt.messages)).toContain("demo");
  expect(seen.modelFailure).toMatchObject({
    isError: true,
    structuredContent: { ok: false, code: "source_not_found" },
  });
}

describe("Vercel's AI SDK (@ai-sdk/mcp) with openspec-mcp", () => {
  it.each(REVISIONS)(
    "GIVEN the server over stdio WHEN the AI SDK connects at $revision and an app lists, calls, reads and closes THEN every answer arrives as the SDK expects and the server process exits",
    async ({ revision, protocolVersionDiscovery }) => {
      const exits = await watchExits();
      const answers = join(temporaryFolder("answers-"), "stdout.jsonl");
      const client = await createMCPClient({
        transport: new Experimental_StdioMCPTransport({
          command: process.execPath,
          args: ["--require", REPORT_EXIT, "--require", RECORD_ANSWERS, MCP_BIN],
          env: { ...demo.home.env, ...exits.env, RECORD_ANSWERS_FILE: answers },
          stderr: "ignore",
        }),
        protocolVersionDiscovery,
      });
      const seen = await useAsAnAiApp(client);
      await client.close();

      expectAnAiAppsSession(
        seen,
        expectedOverStdio(revision, seen.protocol, readFileSync(answers, "utf8")),
      );
      await exits.allGone(`the server the AI SDK started over stdio at ${revision}`);
      await exits.close();
    },
  );

  it.each(REVISIONS)(
    "GIVEN the server over HTTP with a token WHEN the AI SDK connects at $revision and an app lists, calls, reads and closes THEN every answer arrives as the SDK expects and no session is left on the server",
    async ({ revision, protocolVersionDiscovery }) => {
      const client = await createMCPClient({
        transport: {
          type: "http",
          url: demo.http.url,
          headers: { Authorization: `Bearer ${demo.token}` },
        },
        protocolVersionDiscovery,
      });
      const seen = await useAsAnAiApp(client);
      await client.close();

      expectAnAiAppsSession(seen, revision);
      // A 2025 session is ended with DELETE on close; a 2026-07-28 client holds none.
      expect(await sessionCount(demo.http)).toBe(0);
    },
  );
});
