import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { openHermesHost } from "@org/host-harness";
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
import { withDeadline } from "./processes/with-deadline.js";
import { registerSource } from "./sandbox/register-source.js";

// A FIFO where proposal.md, design.md, tasks.md or spec.md is expected used to
// block the first read forever: the host stopped answering every call and
// ignored SIGTERM and a closed stdin. Every call here has a deadline.

afterEach(removeTemporaryFolders);

const SPEC_INPUT = {
  title: "Piped",
  purpose: "Replace a FIFO that stands where a spec file should be with a real spec.",
  requirements: [{ name: "Replace", description: "The system SHALL write a regular file." }],
};
const DEADLINE_MS = 60_000;

/** A registered repository whose change files are FIFOs, with a spec that is a FIFO and one that links to one. */
async function fifoSandbox() {
  const repo = makeOpenSpecRepository(
    { ...DARK_MODE_CHANGE, "openspec/specs/auth/spec.md": AUTH_SPEC },
    "shop",
  );
  const change = join(repo, "openspec/changes/add-dark-mode");
  for (const file of ["proposal.md", "design.md", "tasks.md"]) {
    rmSync(join(change, file));
    execFileSync("mkfifo", [join(change, file)]);
  }
  const specs = join(repo, "openspec/specs");
  mkdirSync(join(specs, "fifo"));
  execFileSync("mkfifo", [join(specs, "fifo/spec.md")]);
  mkdirSync(join(specs, "piped"));
  symlinkSync("../fifo/spec.md", join(specs, "piped/spec.md"));
  const { home, env } = isolatedEnvironment();
  await registerSource(env, repo, "shop");
  return { repo, home, env };
}

/** The calls of the issue, each with what it must answer. */
const CALLS: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
  [
    "openspec_context",
    { identifier: "shop/add-dark-mode" },
    {
      ok: true,
      change: {
        proposal: null,
        tasks: null,
        design: null,
        warnings: [
          { code: "not_a_regular_file", path: "openspec/changes/add-dark-mode/proposal.md" },
          { code: "not_a_regular_file", path: "openspec/changes/add-dark-mode/tasks.md" },
          { code: "not_a_regular_file", path: "openspec/changes/add-dark-mode/design.md" },
        ],
      },
    },
  ],
  ["openspec_context", { identifier: "shop" }, { ok: true, changes: [{ tasks: null }] }],
  [
    "openspec_spec_show",
    { source: "shop", name: "piped" },
    { ok: false, code: "not_a_regular_file", path: "openspec/specs/piped/spec.md" },
  ],
  [
    "openspec_context",
    { identifier: "shop/fifo" },
    { ok: false, code: "not_a_regular_file", path: "openspec/specs/fifo/spec.md" },
  ],
  [
    "openspec_spec_list",
    { source: "shop" },
    {
      ok: true,
      specs: ["auth"],
      warnings: [{ code: "not_a_regular_file" }, { code: "not_a_regular_file" }],
    },
  ],
];

describe("a FIFO where a file is expected", () => {
  it("GIVEN change files and spec.md that are FIFOs WHEN each tool is called through the library THEN each answers at once", async () => {
    const { repo, env } = await fifoSandbox();
    const started = Date.now();
    const answers = callsInProcess(
      [
        ...CALLS.map(([tool, args]) => [tool, args] as const),
        ["openspec_spec_create", { source: "shop", name: "fifo", force: true, ...SPEC_INPUT }],
      ],
      env,
    );
    for (const [index, [tool, args, expected]] of CALLS.entries()) {
      expect(answers[index], `${tool} ${JSON.stringify(args)}`).toMatchObject(expected);
    }
    const created = answers.at(-1);
    expect(created).toMatchObject({ ok: true, overwritten: true });
    expect(readFileSync(join(repo, "openspec/specs/fifo/spec.md"), "utf8")).toContain("# Piped");
    recordFigure(
      "FIFO targets (library)",
      `${CALLS.length + 1} calls in one process, answered in ${Date.now() - started} ms in all`,
    );
  });

  it("GIVEN the same repository WHEN the calls go to one MCP server THEN every call answers, a later call still answers, and SIGTERM stops it", async () => {
    const { home, env } = await fifoSandbox();
    const server = await startMcpPeer({ env, cwd: home });
    let slowest = 0;
    for (const [tool, args, expected] of CALLS) {
      const started = Date.now();
      expect(await server.call(tool, args, DEADLINE_MS), tool).toMatchObject(expected);
      slowest = Math.max(slowest, Date.now() - started);
    }
    recordFigure("FIFO targets (MCP)", `${CALLS.length} calls, the slowest ${slowest} ms`);
    expect(
      await server.call("openspec_spec_create", {
        source: "shop",
        name: "fifo",
        force: true,
        ...SPEC_INPUT,
      }),
    ).toMatchObject({ ok: true });
    expect(await server.call("openspec_source_list", {})).toMatchObject({ ok: true });
    server.peer.child.kill("SIGTERM");
    const exit = await withDeadline(
      server.peer.exited,
      DEADLINE_MS,
      "the server's exit on SIGTERM",
    );
    expect(exit.code === 0 || exit.signal === "SIGTERM").toBe(true);
  });

  it("GIVEN an MCP server that read a FIFO-backed change WHEN its stdin closes THEN it exits", async () => {
    const { home, env } = await fifoSandbox();
    const server = await startMcpPeer({ env, cwd: home });
    const [tool, args, expected] = CALLS[0] ?? [];
    expect(await server.call(String(tool), args ?? {}, DEADLINE_MS)).toMatchObject(expected ?? {});
    server.peer.child.stdin.end();
    const exit = await withDeadline(server.peer.exited, DEADLINE_MS, "the server's exit on EOF");
    expect(exit.code).toBe(0);
  });

  it("GIVEN the same repository WHEN the calls go through the Hermes plugin THEN every call answers", async () => {
    const { home, env } = await fifoSandbox();
    const host = await openHermesHost({ env, cwd: home });
    try {
      for (const [tool, args, expected] of CALLS) {
        const answer = await withDeadline(host.call(tool, args), DEADLINE_MS, tool);
        expect(answer, tool).toMatchObject({ kind: "result", result: expected });
      }
    } finally {
      await host.close();
    }
  });
});
