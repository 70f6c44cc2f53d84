import { join } from "node:path";
import {
  type HostAnswer,
  type HostOptions,
  type HostUnderTest,
  openCliHost,
  openHermesHost,
  openMcpHost,
} from "@org/host-harness";
import { REAL_OPENSPEC_BIN, removeTemporaryFolders } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import { findAnswerProblem } from "./fuzz/find-answer-problem.js";
import { SPEC_CONTENT } from "./path-safety/path-cases.js";
import { startJsonLinePeer } from "./processes/json-line-peer.js";
import { withDeadline } from "./processes/with-deadline.js";
import { reliabilitySizes } from "./reliability-mode.js";
import { makeHostileRepository } from "./sandbox/make-hostile-repository.js";
import { ESCAPING_CHANGE, makeSandbox } from "./sandbox/make-sandbox.js";
import { registerShop } from "./sandbox/register-shop.js";
import { snapshotTree, treeChanges } from "./sandbox/snapshot-tree.js";

const SERVE_LIBRARY = join(import.meta.dirname, "workers", "serve-library.mjs");
/** The CLI's own limit in this check: the real CLI blocks on a FIFO too, and must be stopped. */
const CLI_TIMEOUT_MS = 8_000;
/** A call that needs no CLI must answer well within this; a CLI-backed one within the CLI timeout and its kill grace. */
const FILE_DEADLINE_MS = 20_000;
const CLI_DEADLINE_MS = CLI_TIMEOUT_MS + 25_000;

type Call = { tool: string; args: Record<string, unknown>; cli: boolean };

const CALLS: Call[] = [
  { tool: "openspec_context", args: { identifier: "shop" }, cli: false },
  ...[
    "piped",
    "piped-proposal",
    "slow-heading",
    "locked",
    ESCAPING_CHANGE,
    "piped-spec",
    "slow",
    "secret",
  ].map((name) => ({ tool: "openspec_context", args: { identifier: `shop/${name}` }, cli: false })),
  ...["piped-spec", "slow", "secret", "l1"].map((name) => ({
    tool: "openspec_spec_show",
    args: { source: "shop", name },
    cli: false,
  })),
  {
    tool: "openspec_spec_show",
    args: { source: "shop", name: "slow", change: "slow-heading" },
    cli: false,
  },
  { tool: "openspec_spec_list", args: { source: "shop" }, cli: false },
  { tool: "openspec_spec_list", args: { source: "shop", change: "piped" }, cli: false },
  {
    tool: "openspec_spec_create",
    args: { source: "shop", name: "new-one", ...SPEC_CONTENT },
    cli: false,
  },
  {
    tool: "openspec_spec_create",
    args: { source: "shop", name: "piped-spec", ...SPEC_CONTENT, force: true },
    cli: false,
  },
  ...["slow-idea", "locked-idea", "piped-idea", "linked-pipe", "looped-idea"].flatMap((idea) => [
    { tool: "openspec_context", args: { identifier: `shop/ideas/${idea}` }, cli: false },
    {
      tool: "openspec_idea_enrich",
      args: { source: "shop", idea, problem: "Hostile." },
      cli: false,
    },
    {
      tool: "openspec_idea_promote",
      args: {
        source: "shop",
        idea,
        change: `add-${idea}`,
        why: "A reason that is long enough to pass.",
      },
      cli: true,
    },
  ]),
  {
    tool: "openspec_idea_create",
    args: { source: "shop", title: "Piped idea", prompt: "Next to a FIFO.", slug: "piped-idea" },
    cli: false,
  },
  ...["piped-metadata", "alias-bomb"].flatMap((change): Call[] => [
    { tool: "openspec_task_list", args: { source: "shop", change }, cli: false },
    {
      tool: "openspec_change_sequence_set",
      args: { source: "shop", changes: [change] },
      cli: false,
    },
    {
      tool: "openspec_change_archive",
      args: { source: "shop", change, dry_run: true, force: true },
      cli: false,
    },
  ]),
  { tool: "openspec_change_promote", args: { source: "shop", change: "piped" }, cli: true },
  { tool: "openspec_list", args: { source: "shop" }, cli: true },
  { tool: "openspec_list", args: { source: "shop", kind: "specs" }, cli: true },
  { tool: "openspec_show", args: { source: "shop", target: "piped" }, cli: true },
  { tool: "openspec_validate", args: { source: "shop" }, cli: true },
  { tool: "openspec_status", args: { source: "shop", change: "piped" }, cli: true },
  { tool: "openspec_instructions", args: { source: "shop", artifact: "apply" }, cli: true },
  {
    tool: "openspec_instructions",
    args: { source: "shop", artifact: "apply", change: ESCAPING_CHANGE },
    cli: true,
  },
];

/**
 * The library in a long-lived process of its own: a call that blocked it would
 * stall only this host, whose deadline reports it, and the calls after it show
 * whether the library still answers. One process, not one per call: the shell
 * CLI's host already starts a fresh process for every call.
 */
async function openLibraryProcessHost({ env, cwd }: HostOptions): Promise<HostUnderTest> {
  const peer = startJsonLinePeer(process.execPath, [SERVE_LIBRARY], { env, cwd });
  let calls = 0;
  return {
    name: "library",
    async call(tool, args) {
      calls += 1;
      const id = calls;
      await peer.write(`${JSON.stringify({ id, tool, args })}\n`);
      // The deadline in the check reports a hang; this one only keeps a dead peer from waiting forever.
      const message = await peer.answer(id, CLI_DEADLINE_MS + 5_000);
      return { kind: "result", result: message.result } satisfies HostAnswer;
    },
    listTools: async () => [],
    hostPid: async () => peer.child.pid,
    close: async () => {
      peer.child.stdin.end();
      const timer = setTimeout(() => peer.child.kill("SIGKILL"), 5_000);
      await peer.exited;
      clearTimeout(timer);
    },
  };
}

afterAll(() => removeTemporaryFolders());

// The hosts run side by side, each on a sandbox of its own: their calls mostly wait on the CLI's
// 8 s timeout, so one after another they took the sum of such waits. Every host calls the same
// catalog: by default the library and the MCP server (a transport) meet the repository, and the
// long mode adds the shell CLI and the Hermes plugin (`everyHost`): 8 s of CPU of the 17 s for all four.
const HOSTS = [
  { host: "library", open: openLibraryProcessHost },
  { host: "mcp", open: openMcpHost },
  { host: "cli", open: openCliHost },
  { host: "hermes", open: openHermesHost },
] as { host: string; open: (options: HostOptions) => Promise<HostUnderTest> }[];

describe("a repository made of every hostile file at once", () => {
  it.concurrent.each(
    HOSTS.filter(({ host }) => reliabilitySizes().everyHost || ["library", "mcp"].includes(host)),
  )(
    "GIVEN it behind the $host host WHEN every tool is called on it THEN each answers a result within the usual time, nothing outside the repository changes, and the host still answers afterwards",
    async ({ host: hostName, open }) => {
      const sandbox = makeSandbox({
        OPENSPEC_BIN: REAL_OPENSPEC_BIN,
        OPENSPEC_AGENT_CLI_TIMEOUT_MS: String(CLI_TIMEOUT_MS),
      });
      makeHostileRepository(sandbox.repo);
      await registerShop(sandbox);
      const host = await open({ env: sandbox.env, cwd: sandbox.home });
      try {
        const outsideBefore = snapshotTree(sandbox.root, [sandbox.repo]);
        const problems: string[] = [];
        const started = Date.now();
        for (const call of CALLS) {
          const what = `${call.tool} ${JSON.stringify(call.args)}`;
          const deadline = call.cli ? CLI_DEADLINE_MS : FILE_DEADLINE_MS;
          try {
            const answer = await withDeadline(host.call(call.tool, call.args), deadline, what);
            const problem = findAnswerProblem(answer);
            if (problem) problems.push(`${what}: ${problem}`);
          } catch (error) {
            problems.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
          }
          const changed = treeChanges(outsideBefore, snapshotTree(sandbox.root, [sandbox.repo]));
          if (changed.length > 0) problems.push(`${what} changed outside: ${changed.join(", ")}`);
        }
        expect(problems).toEqual([]);
        const after = await withDeadline(
          host.call("openspec_source_list", {}),
          FILE_DEADLINE_MS,
          "source_list",
        );
        expect(after).toMatchObject({ kind: "result", result: { ok: true } });
        recordFigure(
          "every hostile file at once",
          `${hostName}: ${CALLS.length} calls in ${Date.now() - started} ms`,
        );
      } finally {
        await host.close();
      }
    },
    900_000,
  );
});
