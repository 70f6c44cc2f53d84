import { spawn } from "node:child_process";
import { join } from "node:path";
import { type HostUnderTest, openMcpHost } from "@org/host-harness";
import { isolatedEnvironment, makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import { withDeadline } from "./processes/with-deadline.js";

// A delta spec titled `# a`, 80,000 spaces, `b`: the title regex spec_show used
// backtracked quadratically on it (20–28 s on two cores, the MCP server frozen for
// every other call, against about 0.5 s for the same call on a title of 800 spaces).
// A linear read answers about as fast as on the short title. The bound is no
// wall-clock figure: it is 20 times the yardstick, the same call on the short
// title in a process of its own, measured in the same run, so load slows both.
const TIMES_THE_YARDSTICK = 20;
// Only turns a hang into a failure; far above any answer, slow machine or not.
const HANG_GUARD_MS = 180_000;
const TITLE = `a${" ".repeat(80_000)}b`;
const SHORT_TITLE = `a${" ".repeat(800)}b`;
const CALL_TOOL = join(import.meta.dirname, "workers", "call-tool.mjs");

const SLOW_DELTA = `# ${TITLE}

## ADDED Requirements

### Requirement: Sign in

The system SHALL sign people in.

#### Scenario: Signed in

- **WHEN** they sign in
- **THEN** they are in
`;

const PROPOSAL =
  "# Slow heading\n\n## Why\n\nA hostile repository pads a heading with spaces to stall the host.\n\n## What Changes\n\n- Nothing else.\n";

let repo: string;
let env: Record<string, string | undefined>;
/** The short-title call through the library, process start included (ms): the yardstick. */
let yardstickMs = 0;
const args = () => ({ workdir: repo, name: "auth", change: "slow-heading" });

beforeAll(async () => {
  repo = makeOpenSpecRepository({
    "openspec/changes/slow-heading/proposal.md": PROPOSAL,
    "openspec/changes/slow-heading/specs/auth/spec.md": SLOW_DELTA,
    "openspec/changes/short-heading/proposal.md": PROPOSAL,
    "openspec/changes/short-heading/specs/auth/spec.md": SLOW_DELTA.replace(TITLE, SHORT_TITLE),
  });
  env = isolatedEnvironment().env;
  // The slowest of three, so one quick run on a busy machine does not make the bound tight.
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    const answer = await callInProcess("openspec_spec_show", {
      ...args(),
      change: "short-heading",
    });
    expect(answer).toMatchObject({ ok: true, title: SHORT_TITLE });
    yardstickMs = Math.max(yardstickMs, performance.now() - started);
  }
}, 3 * HANG_GUARD_MS);

/** Fails when `ms` is more than the bound: 20 times the short-title call. */
function expectWithinBound(ms: number, what: string): void {
  const bound = TIMES_THE_YARDSTICK * yardstickMs;
  expect(
    ms,
    `${what} took ${Math.round(ms)} ms, over ${TIMES_THE_YARDSTICK} × the ${Math.round(yardstickMs)} ms of the short title`,
  ).toBeLessThanOrEqual(bound);
}
afterAll(removeTemporaryFolders);

/** One call through the library, in a process of its own so a blocked event loop cannot stall the suite. */
function callInProcess(tool: string, input: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CALL_TOOL, tool, JSON.stringify(input)], {
      env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), HANG_GUARD_MS);
    child.on("error", reject);
    child.on("close", () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(stdout));
      } catch {
        reject(new Error(`no answer from the library (stdout: ${stdout.slice(0, 200)})`));
      }
    });
  });
}

describe("a delta spec whose title is padded with 80,000 spaces", () => {
  it("GIVEN the slow heading WHEN openspec_spec_show runs through the library THEN it answers with the title about as fast as on a short title", async () => {
    const started = performance.now();
    const result = await withDeadline(
      callInProcess("openspec_spec_show", args()),
      HANG_GUARD_MS,
      "openspec_spec_show through the library",
    );
    const took = performance.now() - started;
    recordFigure(
      "slow heading (library)",
      `spec_show answered in ${Math.round(took)} ms (process start included; short title ${Math.round(yardstickMs)} ms)`,
    );
    expectWithinBound(took, "openspec_spec_show through the library");
    expect(result).toMatchObject({
      ok: true,
      format: "delta",
      title: TITLE,
      requirements: [{ name: "Sign in", operation: "ADDED" }],
    });
  });

  it("GIVEN the slow heading WHEN openspec_spec_show runs through the MCP server THEN it answers about as fast as a short-title call through the library, and the server goes on answering", async () => {
    const host: HostUnderTest = await openMcpHost({ env, cwd: repo });
    try {
      const started = performance.now();
      const shown = await withDeadline(
        host.call("openspec_spec_show", args()),
        HANG_GUARD_MS,
        "openspec_spec_show through the MCP server",
      );
      const took = performance.now() - started;
      recordFigure("slow heading (MCP)", `spec_show answered in ${Math.round(took)} ms`);
      // The server runs already: its call has no process start, so the same bound is looser here.
      expectWithinBound(took, "openspec_spec_show through the MCP server");
      expect(shown).toMatchObject({
        kind: "result",
        result: { ok: true, format: "delta", title: TITLE },
      });
      const listed = await withDeadline(
        host.call("openspec_spec_list", { workdir: repo, change: "slow-heading" }),
        HANG_GUARD_MS,
        "openspec_spec_list after the slow heading",
      );
      expect(listed).toMatchObject({ kind: "result", result: { ok: true, specs: ["auth"] } });
    } finally {
      await host.close();
    }
  });
});
