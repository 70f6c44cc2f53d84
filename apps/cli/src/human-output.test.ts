import {
  AUTH_SPEC,
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runBin } from "./test-support/run-bin.js";
import { runCommand } from "./test-support/run-command.js";

afterEach(removeTemporaryFolders);

const HOSTILE_CHANGE = "evil\u001b[2J\u001b]0;owned\u0007";
// Any C0 or C1 control but the newline and tab that multi-line output keeps.
const CONTROL_CHARACTER = /(?![\n\t])\p{Cc}/u;
const PROPOSAL = "## Why\nA reason.\n\n## What Changes\n- A change.\n";

describe("human output", () => {
  it("GIVEN a change folder whose name holds escape sequences WHEN context is shown for people THEN no control character reaches the terminal, and --json keeps the exact name", () => {
    const { env } = isolatedEnvironment({});
    const root = makeOpenSpecRepository({
      [`openspec/changes/${HOSTILE_CHANGE}/proposal.md`]: PROPOSAL,
      "openspec/specs/auth/spec.md": AUTH_SPEC,
    });
    const run = (args: string[]) => runBin(args, { env, cwd: root });
    expect(run(["sources", "add", "."]).status).toBe(0);

    const shown = run(["context", "shop"]);
    expect(shown.status).toBe(0);
    expect(shown.stdout).toContain("evil\\x1b[2J\\x1b]0;owned\\x07");
    expect(shown.stdout + shown.stderr).not.toMatch(CONTROL_CHARACTER);

    const missing = run(["context", `shop/${HOSTILE_CHANGE}x`]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).not.toMatch(CONTROL_CHARACTER);

    const json = JSON.parse(run(["context", "shop", "--json"]).stdout);
    expect(json.changes.map((change: { name: string }) => change.name)).toEqual([HOSTILE_CHANGE]);
  });

  it("GIVEN an invalid spec WHEN validate runs for people THEN each invalid item is listed with its file and issues, then the counts and where to start, in shell words", async () => {
    const { env } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
    const root = makeOpenSpecRepository({
      "openspec/specs/auth/spec.md": AUTH_SPEC,
      "openspec/specs/billing/spec.md":
        "# billing\n\n## Purpose\nshort\n\n## Requirements\n### Requirement: Invoice\nInvoices exist.\n",
    });
    const validated = await runCommand(["validate"], { env, cwd: root });
    expect(validated.status).toBe(1);
    expect(validated.stderr).toContain("invalid spec billing  openspec/specs/billing/spec.md");
    expect(validated.stderr).toContain(
      "ERROR requirements.0.scenarios: Requirement must have at least one scenario",
    );
    expect(validated.stderr).toContain(
      "error 1 of 2 items is invalid: spec billing. (validation_failed)",
    );
    // The fix says where to start and what to run, in shell words, without repeating the issue above it.
    const fix = validated.stderr.split("\n").find((line) => line.startsWith("fix"));
    expect(fix).toBe(
      "fix   Start with spec billing (openspec/specs/billing/spec.md): correct the 4 issues listed for it, then validate again with openspec-agent validate.",
    );
  });

  it("GIVEN 12 failing changes WHEN validate runs for people THEN the first ten are listed with where the rest start, --offset lists the last two, and --detail summary only the counts", async () => {
    const { env } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
    const files: Record<string, string> = {};
    for (let i = 10; i <= 21; i += 1) {
      files[`openspec/changes/broken-${i}/proposal.md`] = PROPOSAL;
      files[`openspec/changes/broken-${i}/specs/billing/spec.md`] =
        "## ADDED Requirements\n\n### Requirement: Due dates\nInvoices have a due date.\n";
    }
    const root = makeOpenSpecRepository(files);
    const listed = (stderr: string) =>
      stderr.split("\n").filter((line) => line.startsWith("invalid change")).length;

    const first = await runCommand(["validate"], { env, cwd: root });
    expect(first.status).toBe(1);
    expect(listed(first.stderr)).toBe(10);
    expect(first.stderr).toContain("2 more report items, 2 of them invalid: --offset 10.");
    expect(first.stderr).toContain("error 12 of 12 items are invalid");

    const rest = await runCommand(["validate", "--offset", "10"], { env, cwd: root });
    expect(listed(rest.stderr)).toBe(2);
    expect(rest.stderr).toContain("invalid change broken-21");
    expect(rest.stderr).not.toContain("more report items");

    const summary = await runCommand(["validate", "--detail", "summary"], { env, cwd: root });
    expect(summary.status).toBe(1);
    expect(listed(summary.stderr)).toBe(0);
    expect(summary.stderr).toContain("error 12 of 12 items are invalid");
  });

  it("GIVEN a spec whose scenarios are bullets, among 11 valid specs WHEN validate runs for people THEN the CLI's message keeps its example after the colon, and the hint says the pages after hold no failures", async () => {
    const { env } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
    const files: Record<string, string> = {
      "openspec/specs/billing/spec.md":
        "# billing\n\n## Purpose\nInvoices for every order, sent on the first day of the month.\n\n## Requirements\n### Requirement: Invoice\nThe system SHALL send invoices.\n\n- WHEN an order ships\n- THEN an invoice is sent\n",
    };
    for (let i = 10; i <= 20; i += 1) files[`openspec/specs/auth-${i}/spec.md`] = AUTH_SPEC;
    const root = makeOpenSpecRepository(files);

    const validated = await runCommand(["validate"], { env, cwd: root });

    expect(validated.status).toBe(1);
    expect(validated.stderr).toContain(
      "Convert bullet lists into:\n      #### Scenario: Short name\n      - **WHEN** ...",
    );
    expect(validated.stderr).toContain("2 more report items, all of them valid: --offset 10.");
  });

  it("GIVEN an active change and an archived folder of the same name, as repositories archive by hand WHEN context is asked for that name THEN the candidates to pass are listed above the error, and the one listed for the archived change resolves", async () => {
    const { env } = isolatedEnvironment({});
    const root = makeOpenSpecRepository({
      "openspec/changes/shared-ui-cleanup/proposal.md": PROPOSAL,
      "openspec/changes/archive/shared-ui-cleanup/proposal.md": PROPOSAL,
    });
    expect((await runCommand(["sources", "add", "."], { env, cwd: root })).status).toBe(0);

    const asked = await runCommand(["context", "shop/shared-ui-cleanup"], { env, cwd: root });

    expect(asked.status).toBe(1);
    const lines = asked.stderr.split("\n");
    expect(lines[0]).toMatch(/^CANDIDATE\s+KIND\s+NAME$/);
    expect(lines[1]).toMatch(/^shop\/os_[0-9a-f]{6}\s+change\s+shared-ui-cleanup$/);
    expect(lines[2]).toMatch(/^shop\/os_[0-9a-f]{6}\s+archived change\s+shared-ui-cleanup$/);
    expect(lines[3]).toContain("(ambiguous_artifact)");
    const archived = lines[2]?.split(/\s+/)[0] ?? "";
    const resolved = await runCommand(["context", archived, "--json"], { env, cwd: root });
    expect(JSON.parse(resolved.stdout)).toMatchObject({
      change: { name: "shared-ui-cleanup", archived: true },
    });
  });
});
