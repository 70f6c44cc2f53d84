import { existsSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { createCatalog } from "@org/openspec-core";
import { makeOpenSpecRepository, REAL_OPENSPEC_BIN, removeTemporaryFolders } from "@org/test-kit";
import { legacyClientValidator } from "@org/test-kit/mcp-client-validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type OpenSpecMcpServer } from "./create-server.js";
import { serverEnvironment } from "./test-support/sandbox.js";

// An agent that knows only what the server tells it: the tools of tools/list
// (picked by the names listed there), the fields each listed input schema
// names, and the ids and verdicts the answers hand back. Every argument object
// is checked against the listed input schema before it is sent, and the SDK
// client checks every answer against the listed output schema, so a lean
// schema that dropped something a caller needs fails here.

let server: OpenSpecMcpServer;
let client: Client;
let listed: Map<string, Tool>;
let workdir: string;
const ajv = new AjvJsonSchemaValidator();

beforeAll(async () => {
  workdir = makeOpenSpecRepository({}, "passkeys-shop");
  const { home, env } = serverEnvironment({ extra: { OPENSPEC_BIN: REAL_OPENSPEC_BIN } });
  server = await createServer({
    catalog: createCatalog({ env, home }),
    toolsets: ["read", "author", "lifecycle"],
    log: () => {},
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client(
    { name: "scripted-agent", version: "0" },
    { jsonSchemaValidator: legacyClientValidator },
  );
  await server.mcp.connect(serverSide);
  await client.connect(clientSide);
  listed = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
}, 120_000);

afterAll(async () => {
  await client.close();
  await server.close();
  server.catalog.close();
  removeTemporaryFolders();
});

/**
 * Calls a listed tool with what the agent means to say, after checking it
 * against the listed input schema: every field must be one the schema names,
 * every required field given, every value of the listed type.
 */
async function call(name: string, args: Record<string, unknown>) {
  expect(problemsAgainstListed(name, args), name).toEqual([]);
  const result = await client.callTool({ name, arguments: args });
  return result.structuredContent as Record<string, unknown> & { ok: boolean };
}

/** What the listed input schema says is wrong with a call: fields it does not name, and what its validator refuses. */
function problemsAgainstListed(name: string, args: Record<string, unknown>): string[] {
  const tool = listed.get(name);
  if (tool === undefined) throw new Error(`${name} is not in tools/list`);
  const known = Object.keys(tool.inputSchema.properties ?? {});
  const unnamed = Object.keys(args)
    .filter((field) => !known.includes(field))
    .map((field) => `${field} is not a field of ${name}`);
  const verdict = ajv.getValidator(tool.inputSchema)(args);
  return verdict.valid ? unnamed : [...unnamed, verdict.errorMessage ?? "invalid"];
}

describe("GIVEN an SDK client that knows only tools/list and the answers", () => {
  it("WHEN it runs the README's loop (propose, tasks, archive preview, archive) on a fresh repository with the real CLI THEN each step succeeds and the spec lands in openspec/specs", async () => {
    // Propose: a change with one delta spec and one task section.
    const proposed = await call("openspec_change_create", {
      workdir,
      name: "add-passkeys",
      why: "Passwords alone are phished too often; passkeys close that gap for every user.",
      what_changes: ["Add passkey login"],
      tasks: [{ title: "Backend", items: ["Add the passkey endpoint", "Store the public keys"] }],
      specs: [
        {
          name: "passkeys",
          purpose: "Let users sign in with a passkey instead of a password they could leak.",
          added: [
            {
              name: "Passkey login",
              description: "The system SHALL let a user sign in with a registered passkey.",
              scenarios: [
                {
                  name: "Signing in with a passkey",
                  steps: [
                    { type: "GIVEN", text: "a user with a registered passkey" },
                    { type: "WHEN", text: "they sign in with it" },
                    { type: "THEN", text: "they are signed in" },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(proposed).toMatchObject({ ok: true, change: "add-passkeys" });

    // Tasks: the ids come from the answer, not from the agent.
    const tasks = await call("openspec_task_list", { workdir, change: proposed.change });
    expect(tasks).toMatchObject({ ok: true, done: 0, total: 2 });
    const ids = (tasks.tasks as { id: string }[]).map((task) => task.id);
    const ticked = await call("openspec_task_set_status", {
      workdir,
      change: proposed.change,
      ids,
      done: true,
    });
    expect(ticked).toMatchObject({ ok: true, done: 2, total: 2 });

    // Archive preview, then the archive the preview said would go through.
    const preview = await call("openspec_change_archive", {
      workdir,
      change: proposed.change,
      dry_run: true,
    });
    expect(preview).toMatchObject({ ok: true, would_archive: true });
    const archived = await call("openspec_change_archive", { workdir, change: proposed.change });
    expect(archived).toMatchObject({ ok: true, dry_run: false, specs_updated: true });
    expect(existsSync(join(workdir, "openspec/specs/passkeys/spec.md"))).toBe(true);

    // Read back: the requirement is in the baseline spec.
    const spec = await call("openspec_spec_show", { workdir, name: "passkeys" });
    expect(spec).toMatchObject({ ok: true });
    expect(JSON.stringify(spec)).toContain("Passkey login");
  }, 240_000);

  it("WHEN it sends a field the listed schema does not name THEN the check above catches it before the server would, so the run above proves the schemas suffice", async () => {
    expect(problemsAgainstListed("openspec_task_list", { workdir, change_name: "x" })).toEqual([
      "change_name is not a field of openspec_task_list",
    ]);
    expect(problemsAgainstListed("openspec_task_set_status", { workdir, ids: "all" })).not.toEqual(
      [],
    );
  });
});
