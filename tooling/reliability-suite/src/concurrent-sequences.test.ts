import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createCatalog } from "@org/openspec-core";
import {
  isolatedEnvironment,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { EVENTUALLY_MS, waitFor } from "./processes/wait-for.js";

afterEach(() => removeTemporaryFolders());

const ROUNDS = 12;
const PLAIN_METADATA = "schema: spec-driven\ncreated: 2026-12-01\n";

/** g1 puts b before a, with a needing b; g2 takes b alone, needing a: together, a cycle. */
const callsOf = (workdir: string) => [
  { workdir, group: "g1", changes: ["b", "a"], depends_on: { a: ["b"] } },
  { workdir, group: "g2", changes: ["b"], depends_on: { b: ["a"] } },
];

function repositoryOfTwoChanges(): string {
  const files: Record<string, string> = {};
  for (const name of ["a", "b"]) {
    files[`openspec/changes/${name}/proposal.md`] = `# ${name}\n\n## Why\n\nStep ${name}.\n`;
    files[`openspec/changes/${name}/.openspec.yaml`] = PLAIN_METADATA;
  }
  return makeOpenSpecRepository(files, "sequenced");
}

function resetSequences(root: string): void {
  for (const name of ["a", "b"]) {
    writeFileSync(join(root, `openspec/changes/${name}/.openspec.yaml`), PLAIN_METADATA);
  }
}

/** What each change's `.openspec.yaml` records it needs first. */
function storedNeeds(root: string): Record<string, string[]> {
  const needs: Record<string, string[]> = {};
  for (const name of ["a", "b"]) {
    const text = readFileSync(join(root, `openspec/changes/${name}/.openspec.yaml`), "utf8");
    // `depends_on:` followed by its block list, as the sequence tool writes it.
    const list = /depends_on:\n((?:[ ]+- .+\n?)+)/.exec(text)?.[1] ?? "";
    needs[name] = [...list.matchAll(/- (.+)/g)].map((item) => (item[1] as string).trim());
  }
  return needs;
}

function expectNoCycle(round: number, root: string, answers: Record<string, unknown>[]): void {
  const needs = storedNeeds(root);
  const stored = `round ${round}: stored ${JSON.stringify(needs)}, answers ${JSON.stringify(answers.map((answer) => answer.code ?? answer.ok))}`;
  expect(needs.a?.includes("b") && needs.b?.includes("a"), stored).toBe(false);
  // Both may succeed only one after the other (g2, then g1 taking b back); never into a cycle.
  expect(
    answers
      .filter((answer) => answer.ok !== true)
      .every((answer) => answer.code === "dependency_cycle"),
    stored,
  ).toBe(true);
}

// Two concurrent calls each checked for a cycle against what the other had
// not yet written, then both wrote: a stored cycle.
describe("change sequences set at the same time", () => {
  it(`GIVEN changes a and b WHEN two conflicting sequences are set at once in one process, ${ROUNDS} times THEN no round stores a cycle`, async () => {
    const root = repositoryOfTwoChanges();
    const { env } = isolatedEnvironment();
    const catalog = createCatalog({ env });
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        resetSequences(root);
        const answers = await Promise.all(
          callsOf(root).map((args) => catalog.call("openspec_change_sequence_set", args)),
        );
        expectNoCycle(round, root, answers as Record<string, unknown>[]);
      }
    } finally {
      catalog.close();
    }
  });

  it(`GIVEN changes a and b WHEN two processes set conflicting sequences at the same moment, ${ROUNDS} times THEN no round stores a cycle`, async () => {
    const root = repositoryOfTwoChanges();
    const { env } = isolatedEnvironment();
    const signals = temporaryFolder("race-");
    const racers = callsOf(root).map((args) =>
      spawn(
        process.execPath,
        [
          join(import.meta.dirname, "workers", "sequence-racer.mjs"),
          signals,
          String(ROUNDS),
          JSON.stringify(args),
        ],
        { env, stdio: ["ignore", "ignore", "inherit"] },
      ),
    );
    const exited = racers.map((racer) => new Promise((done) => racer.on("exit", done)));
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        resetSequences(root);
        writeFileSync(join(signals, `go-${round}`), "");
        const files = ["g1", "g2"].map((side) => join(signals, `answer-${round}-${side}`));
        const answered = await waitFor(
          () => files.every((file) => existsSync(file)),
          EVENTUALLY_MS,
        );
        expect(answered, `round ${round}: both processes answered (${files.join(", ")})`).toBe(
          true,
        );
        const answers = files.map((file) => JSON.parse(readFileSync(file, "utf8")));
        expectNoCycle(round, root, answers);
      }
      await Promise.all(exited);
    } finally {
      for (const racer of racers) racer.kill("SIGKILL");
    }
  });
});
