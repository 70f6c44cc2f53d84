import { symlinkSync } from "node:fs";
import { join } from "node:path";
import {
  AUTH_SPEC,
  DARK_MODE_CHANGE,
  isolatedEnvironment,
  makeOpenSpecRepository,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import { callsInProcess } from "./processes/call-in-process.js";
import { startMcpPeer } from "./processes/mcp-peer.js";
import { registerSource } from "./sandbox/register-source.js";

// Two links `openspec/specs/l1 -> .` and `l2 -> .` used to give 65,535 fake
// spec ids in 29 s and 278 MB; three took hours. Each real folder is now
// walked once and each loop reported once.

afterEach(removeTemporaryFolders);

const CHANGE_SPECS = "openspec/changes/add-dark-mode/specs";

async function loopSandbox(links: number) {
  const repo = makeOpenSpecRepository(
    {
      ...DARK_MODE_CHANGE,
      "openspec/specs/auth/spec.md": AUTH_SPEC,
      "openspec/specs/platform/session/spec.md": AUTH_SPEC,
    },
    "shop",
  );
  const names = ["l1", "l2", "l3"].slice(0, links);
  for (const name of names) {
    symlinkSync(".", join(repo, "openspec/specs", name));
    symlinkSync(".", join(repo, CHANGE_SPECS, name));
  }
  const { home, env } = isolatedEnvironment();
  await registerSource(env, repo, "shop");
  const loops = (folder: string) =>
    names.map((name) => ({ code: "symlink_loop", path: `${folder}/${name}` }));
  const calls: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
    [
      "openspec_spec_list",
      { source: "shop" },
      { ok: true, specs: ["auth", "platform/session"], warnings: loops("openspec/specs") },
    ],
    [
      "openspec_spec_list",
      { source: "shop", change: "add-dark-mode" },
      { ok: true, specs: ["ui"], warnings: loops(CHANGE_SPECS) },
    ],
    [
      "openspec_context",
      { identifier: "shop" },
      { ok: true, totals: { specs: 2 }, warnings: loops("openspec/specs") },
    ],
    [
      "openspec_context",
      { identifier: "shop/add-dark-mode" },
      {
        ok: true,
        change: { specs: [{ path: "specs/ui/spec.md" }], warnings: loops(CHANGE_SPECS) },
      },
    ],
    ["openspec_spec_show", { source: "shop", name: "auth" }, { ok: true, title: "Auth" }],
  ];
  return { home, env, calls };
}

describe("branching symlink loops", () => {
  it.each([2, 3])(
    "GIVEN %i links to . in openspec/specs and in a change's specs WHEN the tools that list specs are called through the library THEN the answers are small and each loop is named once",
    async (links) => {
      const { env, calls } = await loopSandbox(links);
      let largest = 0;
      const answers = callsInProcess(
        calls.map(([tool, args]) => [tool, args] as const),
        env,
      );
      for (const [index, [tool, args, expected]] of calls.entries()) {
        const answer = answers[index];
        expect(answer, `${tool} ${JSON.stringify(args)}`).toMatchObject(expected);
        largest = Math.max(largest, JSON.stringify(answer).length);
      }
      expect(largest).toBeLessThan(8_000);
      recordFigure(`symlink loops, ${links} links (library)`, `largest answer ${largest} bytes`);
    },
  );

  it("GIVEN three links to . WHEN the calls go to the MCP server THEN each answers with the loops as warnings", async () => {
    const { home, env, calls } = await loopSandbox(3);
    const server = await startMcpPeer({ env, cwd: home });
    try {
      let slowest = 0;
      for (const [tool, args, expected] of calls) {
        const started = Date.now();
        expect(await server.call(tool, args), tool).toMatchObject(expected);
        slowest = Math.max(slowest, Date.now() - started);
      }
      recordFigure(
        "symlink loops, 3 links (MCP)",
        `the slowest of ${calls.length} calls ${slowest} ms`,
      );
    } finally {
      server.peer.child.stdin.end();
      await server.peer.exited;
    }
  });
});
