import { chmodSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  AUTH_SPEC,
  DARK_MODE_CHANGE,
  isolatedEnvironment,
  makeOpenSpecRepository,
  NOBODY,
  removeTemporaryFolders,
  warnSkipped,
  whyNobodyCannotRun,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import { callInProcess, callsInProcess } from "./processes/call-in-process.js";
import { startMcpPeer } from "./processes/mcp-peer.js";
import { registerSource } from "./sandbox/register-source.js";

// An unreadable spec.md used to answer "No spec auth" with the fix "Known
// specs: auth"; unreadable folders vanished from listings and an unreadable
// proposal came back as null, as if missing. The checks run as root, who may
// read everything, so every call runs as the user nobody over a repository
// that everyone may read but the file under test.

afterEach(removeTemporaryFolders);

const CHANGE = "openspec/changes/add-dark-mode";

/** Lets everyone read (and, for the home with its registry, write) a folder the test made. */
function openUp(path: string, mode: { folder: number; file: number }): void {
  const stats = statSync(path);
  chmodSync(path, stats.isDirectory() ? mode.folder : mode.file);
  if (!stats.isDirectory()) return;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (!entry.isSymbolicLink()) openUp(join(path, entry.name), mode);
  }
}

async function unreadableSandbox() {
  const repo = makeOpenSpecRepository(
    {
      ...DARK_MODE_CHANGE,
      "openspec/specs/auth/spec.md": AUTH_SPEC,
      "openspec/specs/billing/spec.md": AUTH_SPEC,
      "openspec/specs/search/spec.md": AUTH_SPEC,
    },
    "shop",
  );
  const { home, env } = isolatedEnvironment();
  await registerSource(env, repo, "shop");
  openUp(repo, { folder: 0o755, file: 0o644 });
  openUp(home, { folder: 0o777, file: 0o666 });
  chmodSync(join(repo, ".."), 0o755);
  chmodSync(join(repo, "openspec/specs/auth/spec.md"), 0o000);
  chmodSync(join(repo, "openspec/specs/billing"), 0o000);
  chmodSync(join(repo, CHANGE, "proposal.md"), 0o000);
  const calls: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
    [
      "openspec_spec_show",
      { source: "shop", name: "auth" },
      { ok: false, code: "unreadable", path: "openspec/specs/auth/spec.md" },
    ],
    [
      "openspec_context",
      { identifier: "shop/auth" },
      { ok: false, code: "unreadable", path: "openspec/specs/auth/spec.md" },
    ],
    [
      "openspec_spec_list",
      { source: "shop" },
      {
        ok: true,
        specs: ["auth", "search"],
        warnings: [{ code: "unreadable", path: "openspec/specs/billing" }],
      },
    ],
    [
      "openspec_context",
      { identifier: "shop" },
      { ok: true, warnings: [{ code: "unreadable", path: "openspec/specs/billing" }] },
    ],
    [
      "openspec_context",
      { identifier: "shop/add-dark-mode" },
      {
        ok: true,
        change: {
          proposal: null,
          design: "# Design\n\nUse CSS variables.\n",
          warnings: [{ code: "unreadable", path: `${CHANGE}/proposal.md` }],
        },
      },
    ],
    ["openspec_spec_show", { source: "shop", name: "search" }, { ok: true, title: "Auth" }],
  ];
  return { repo, home, env, calls };
}

const nobodyCannotRun = whyNobodyCannotRun(join(import.meta.dirname, "workers", "call-tool.mjs"));
warnSkipped("the unreadable-file checks", nobodyCannotRun);

describe.skipIf(nobodyCannotRun)("files and folders that may not be read", () => {
  it("GIVEN an unreadable spec.md, spec folder and proposal.md WHEN the tools are called through the library as nobody THEN each says unreadable with the path", async () => {
    const { repo, env, calls } = await unreadableSandbox();
    const answers = callsInProcess(
      calls.map(([tool, args]) => [tool, args] as const),
      env,
      { uid: NOBODY },
    );
    for (const [index, [tool, args, expected]] of calls.entries()) {
      expect(answers[index], `${tool} ${JSON.stringify(args)}`).toMatchObject(expected);
    }
    // Readable again, the same spec shows: the check can tell the two apart.
    chmodSync(join(repo, "openspec/specs/auth/spec.md"), 0o644);
    expect(
      callInProcess("openspec_spec_show", { source: "shop", name: "auth" }, env, { uid: NOBODY }),
    ).toMatchObject({ ok: true });
    recordFigure("unreadable files (library, as nobody)", `${calls.length + 1} calls`);
  });

  it("GIVEN the same repository WHEN the calls go to an MCP server running as nobody THEN each says unreadable with the path", async () => {
    const { home, env, calls } = await unreadableSandbox();
    const server = await startMcpPeer({ env, cwd: home, uid: NOBODY });
    try {
      for (const [tool, args, expected] of calls) {
        expect(await server.call(tool, args), `${tool} ${JSON.stringify(args)}`).toMatchObject(
          expected,
        );
      }
    } finally {
      server.peer.child.stdin.end();
      await server.peer.exited;
    }
  });
});
