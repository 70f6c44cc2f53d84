import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDeltaSpec } from "../delta/parse-delta-spec.js";
import { parseSpec } from "../spec/parse-spec.js";
import { parseTasks } from "../tasks/parse-tasks.js";
import {
  type CliRun,
  cliJson,
  createOpenSpecRepo,
  type OpenSpecRepo,
} from "../test-support/openspec-cli.js";
import { type ChangeCase, parityCorpus } from "../test-support/parity-corpus.js";
import { toCliChangeJson } from "./to-cli-change-json.js";
import { toCliSpecJson } from "./to-cli-spec-json.js";

const corpus = parityCorpus();
let repo: OpenSpecRepo;
/** A warm command costs tens of milliseconds, a cold one (no worker free) most of a second. */
const CLI_TEST_TIMEOUT_MS = 180_000;

function parseChange(change: ChangeCase) {
  const deltaSpecs = Object.entries(change.files)
    .filter(([path]) => /^specs\/.+\/spec\.md$/.test(path))
    .map(([path, content]) => ({
      spec: path.slice("specs/".length, -"/spec.md".length),
      delta: parseDeltaSpec(content),
    }));
  return toCliChangeJson({
    id: change.id,
    proposal: change.files["proposal.md"]!,
    deltaSpecs,
  });
}

/** The sentence `openspec show` refused with (the message of its JSON status). */
function cliError(run: CliRun): string {
  const shown = JSON.parse(run.stdout) as { status?: { message: string }[] };
  return shown.status?.[0]?.message ?? `${run.stdout}${run.stderr}`;
}

// Writing the corpus is quick; each CLI run belongs to the test that compares it, so a slow
// machine makes a test slower, never a whole file of tests skipped behind a timed-out hook.
beforeAll(async () => {
  repo = await createOpenSpecRepo();
  for (const spec of corpus.specs)
    await repo.write(`openspec/specs/${spec.id}/spec.md`, spec.content);
  for (const change of corpus.changes) {
    for (const [path, content] of Object.entries(change.files)) {
      await repo.write(`openspec/changes/${change.id}/${path}`, content);
    }
  }
}, CLI_TEST_TIMEOUT_MS);

const show = (id: string, type: "spec" | "change") =>
  repo.run(["show", id, "--type", type, "--json", "--no-interactive"]);

afterAll(() => repo?.remove());

// One test at a time, each on a warm worker of the pool (more at once than its two workers
// would start the rest cold, each paying the CLI's start-up).
describe("openspec show <spec> --json", () => {
  it.each(corpus.specs.map((spec) => [spec.id, spec] as const))(
    "GIVEN spec %s WHEN the CLI shows it THEN parseSpec projected by toCliSpecJson says the same",
    async (id, spec) => {
      const run = await show(id, "spec");
      const parsed = parseSpec(spec.content);
      if (run.exitCode === 0) {
        expect(parsed.ok ? toCliSpecJson(id, parsed.value) : parsed.diagnostics).toEqual(
          cliJson(run),
        );
      } else {
        expect(parsed.ok).toBe(false);
        // Our first error is the one the CLI stops at, in its own words.
        expect(parsed.diagnostics[0]?.message).toBe(cliError(run));
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

describe("openspec show <change> --json", () => {
  it.each(corpus.changes.map((change) => [change.id, change] as const))(
    "GIVEN change %s WHEN the CLI shows it THEN the parsed proposal and deltas projected by toCliChangeJson say the same",
    async (id, change) => {
      const run = await show(id, "change");
      const projected = parseChange(change);
      if (run.exitCode === 0) {
        expect(projected.ok ? projected.value : projected.diagnostics).toEqual(cliJson(run));
      } else {
        expect(projected.ok).toBe(false);
        expect(projected.diagnostics[0]?.message).toBe(cliError(run));
      }
    },
    CLI_TEST_TIMEOUT_MS,
  );
});

describe("openspec list --json", () => {
  it(
    "GIVEN every corpus change WHEN the CLI lists them THEN parseTasks counts the same tasks and completions",
    async () => {
      const listed = cliJson(await repo.run(["list", "--json"])) as {
        changes: { name: string; completedTasks: number; totalTasks: number }[];
      };
      const counted = corpus.changes.map((change) => {
        const tasks = parseTasks(change.files["tasks.md"] ?? "");
        return { name: change.id, completedTasks: tasks.completed, totalTasks: tasks.total };
      });
      const reported = listed.changes.map(({ name, completedTasks, totalTasks }) => ({
        name,
        completedTasks,
        totalTasks,
      }));
      expect(counted.sort((a, b) => a.name.localeCompare(b.name))).toEqual(
        reported.sort((a, b) => a.name.localeCompare(b.name)),
      );
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
