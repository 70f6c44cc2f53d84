import {
  type HostOptions,
  type HostUnderTest,
  openLibraryHost,
  openMcpHost,
} from "@org/host-harness";
import {
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";

afterAll(removeTemporaryFolders);

// The library, and the MCP server as one host in front of it: the artifacts
// package's own test (same-name-archived-change.test.ts) holds the listing and
// the lookup, and the contract suite holds every host to the library's answers.
const hosts: Record<string, (options: HostOptions) => Promise<HostUnderTest>> = {
  library: openLibraryHost,
  mcp: openMcpHost,
};

type Listed = { name: string; token: string };

/** The tool's result, or a failed expectation when the host refused the call. */
async function call(
  host: HostUnderTest,
  tool: string,
  args: unknown,
): Promise<Record<string, unknown>> {
  const answer = await host.call(tool, args);
  if (answer.kind !== "result") throw new Error(`${host.name} refused ${tool}: ${answer.detail}`);
  return answer.result as Record<string, unknown>;
}

// An archive folder without the date prefix beside the active change of the
// same name: both hashed over the folder name, no token told them apart.
describe("an active change and an archived one of the same name cannot both be reached", () => {
  it.each(Object.keys(hosts))(
    "GIVEN changes/add-search and changes/archive/add-search WHEN the %s host lists the source and resolves every listed token and archive/add-search THEN each answer is its own change",
    async (hostName) => {
      const { env, home } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
      const root = makeOpenSpecRepository({
        "openspec/changes/add-search/proposal.md": "# Active search\n",
        "openspec/changes/archive/add-search/proposal.md": "# Archived search\n",
        "openspec/changes/archive/2024-01-01-add-login/proposal.md": "# Login\n",
      });
      const open = hosts[hostName];
      if (open === undefined) throw new Error(`no host ${hostName}`);
      const host = await open({ env, cwd: home });
      try {
        expect(await call(host, "openspec_source_add", { path: root, name: "shop" })).toMatchObject(
          { ok: true },
        );
        const bare = await call(host, "openspec_context", { identifier: "shop" });
        const active = bare.changes as Listed[];
        const archived = bare.archived_changes as Listed[];
        expect(active.map((c) => c.name)).toEqual(["add-search"]);
        expect(archived.map((c) => c.name)).toEqual(["2024-01-01-add-login", "add-search"]);
        const tokens = [...active, ...archived].map((c) => c.token);
        expect(new Set(tokens).size).toBe(3);

        const proposals = [];
        for (const token of tokens) {
          const answer = await call(host, "openspec_context", { identifier: `shop/${token}` });
          expect(answer, token).toMatchObject({ ok: true, change: { token } });
          proposals.push((answer.change as { proposal: string }).proposal);
        }
        expect(proposals).toEqual(["# Active search\n", "# Login\n", "# Archived search\n"]);
        expect(
          await call(host, "openspec_context", { identifier: "shop/archive/add-search" }),
        ).toMatchObject({ ok: true, change: { archived: true, proposal: "# Archived search\n" } });
      } finally {
        await host.close();
      }
    },
    120_000,
  );
});
