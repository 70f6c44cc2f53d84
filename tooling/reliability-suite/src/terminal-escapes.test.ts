import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLI_BIN, runProcess } from "@org/host-harness";
import {
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import { registerSource } from "./sandbox/register-source.js";

/** Folder and file names a hostile checkout can hold: a screen clear, a title change, a bell, a C1 CSI, a right-to-left override. */
const HOSTILE_NAMES = [
  "clear\u001b[2J\u001b[H",
  "title\u001b]0;owned\u0007",
  "csi\u009b31m",
  "rtl\u202egnp.exe",
];
// Any C0 or C1 control but the newline and tab that multi-line output keeps, and the bidirectional overrides.
const UNSAFE = /(?![\n\t])[\p{Cc}\p{Bidi_Control}]/u;
const PROPOSAL = (name: string) =>
  `## Why\nA change called ${name} for a reason long enough.\n\n## What Changes\n- ${name}\n`;

let env: Record<string, string | undefined>;
let home: string;
let repo: string;
let commands = 0;

beforeAll(async () => {
  ({ env, home } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN }));
  repo = makeOpenSpecRepository({}, "shop");
  for (const name of HOSTILE_NAMES) {
    mkdirSync(join(repo, "openspec", "changes", name), { recursive: true });
    writeFileSync(join(repo, "openspec", "changes", name, "proposal.md"), PROPOSAL(name));
    mkdirSync(join(repo, "openspec", "specs", name), { recursive: true });
    writeFileSync(
      join(repo, "openspec", "specs", name, "spec.md"),
      `# ${name}\n\n## Purpose\n${name}\n\n## Requirements\n`,
    );
  }
  await registerSource(env, repo, "shop");
});

afterAll(() => {
  recordFigure(
    "terminal escapes",
    `${commands} shell CLI commands, ${HOSTILE_NAMES.length} hostile names`,
  );
  removeTemporaryFolders();
});

const run = async (args: string[]) => {
  commands += 1;
  return runProcess(process.execPath, [CLI_BIN, ...args], { env, cwd: home });
};

describe("escape sequences in repository names never reach the terminal", () => {
  it.each([
    [["context", "shop"]],
    [["context", `shop/${HOSTILE_NAMES[0]}`]],
    [["context", `shop/${HOSTILE_NAMES[1]}x`]],
    [["spec", "list", "--source", "shop"]],
    [["spec", "show", HOSTILE_NAMES[3] ?? "", "--source", "shop"]],
    [["list", "--source", "shop"]],
    [["list", "--specs", "--source", "shop"]],
    [["validate", "--source", "shop"]],
  ])(
    "WHEN `openspec-agent %j` prints for people THEN stdout and stderr hold no control character or bidirectional override, only their visible escapes",
    async (args) => {
      const printed = await run(args);
      expect([0, 1]).toContain(printed.exitCode);
      expect(printed.stdout).not.toMatch(UNSAFE);
      expect(printed.stderr).not.toMatch(UNSAFE);
      expect(printed.stdout + printed.stderr).toMatch(/\\x1b|\\x9b|\\x07|\\u\{202e\}/);
    },
  );

  it("WHEN the same listing is asked for with --json THEN the names come back exact", async () => {
    const printed = await run(["context", "shop", "--json"]);
    expect(printed.exitCode).toBe(0);
    const names = (JSON.parse(printed.stdout) as { changes: { name: string }[] }).changes.map(
      (change) => change.name,
    );
    expect(names.sort()).toEqual([...HOSTILE_NAMES].sort());
  });
});
