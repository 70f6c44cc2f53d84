import { spawn } from "node:child_process";
import { join } from "node:path";
import { type Door, openMcpDoor } from "@org/host-doors";
import { isolatedEnvironment, makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import { withDeadline } from "./processes/with-deadline.js";

// A delta spec titled `# a`, 80,000 spaces, `b`: the title regex spec_show used
// backtracked quadratically on it (20–28 s on two cores, the MCP server frozen for
// every other call). A linear read answers in milliseconds, so the deadline is
// generous and still far below what the regex took.
const DEADLINE_MS = 10_000;
const TITLE = `a${" ".repeat(80_000)}b`;
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
const args = () => ({ workdir: repo, name: "auth", change: "slow-heading" });

beforeAll(() => {
  repo = makeOpenSpecRepository({
    "openspec/changes/slow-heading/proposal.md": PROPOSAL,
    "openspec/changes/slow-heading/specs/auth/spec.md": SLOW_DELTA,
  });
  env = isolatedEnvironment().env;
});
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
    const timer = setTimeout(() => child.kill("SIGKILL"), DEADLINE_MS + 5_000);
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

describe("h03: a delta spec whose title is padded with 80,000 spaces", () => {
  it("GIVEN the slow heading WHEN openspec_spec_show runs through the library THEN it answers with the title within the deadline", async () => {
    const started = performance.now();
    const result = await withDeadline(
      callInProcess("openspec_spec_show", args()),
      DEADLINE_MS,
      "openspec_spec_show through the library",
    );
    recordFigure(
      "h03 library",
      `spec_show answered in ${Math.round(performance.now() - started)} ms (process start included)`,
    );
    expect(result).toMatchObject({
      ok: true,
      format: "delta",
      title: TITLE,
      requirements: [{ name: "Sign in", operation: "ADDED" }],
    });
  });

  it("GIVEN the slow heading WHEN openspec_spec_show runs through the MCP server THEN it answers within the deadline and the server goes on answering", async () => {
    const door: Door = await openMcpDoor({ env, cwd: repo });
    try {
      const started = performance.now();
      const shown = await withDeadline(
        door.call("openspec_spec_show", args()),
        DEADLINE_MS,
        "openspec_spec_show through the MCP server",
      );
      recordFigure(
        "h03 mcp",
        `spec_show answered in ${Math.round(performance.now() - started)} ms`,
      );
      expect(shown).toMatchObject({
        kind: "result",
        result: { ok: true, format: "delta", title: TITLE },
      });
      const listed = await withDeadline(
        door.call("openspec_spec_list", { workdir: repo, change: "slow-heading" }),
        DEADLINE_MS,
        "openspec_spec_list after the slow heading",
      );
      expect(listed).toMatchObject({ kind: "result", result: { ok: true, specs: ["auth"] } });
    } finally {
      await door.close();
    }
  });
});
