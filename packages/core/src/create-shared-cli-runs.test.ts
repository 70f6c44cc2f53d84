import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import {
  AUTH_SPEC,
  fakeOpenSpecBinary,
  makeOpenSpecRepository,
  runRealOpenSpec,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { countingCli, withoutTimings } from "./test-support/counting-cli.js";
import { cleanUp, makeCatalog } from "./test-support/fixture.js";

afterEach(cleanUp);

const TASKS = "## 1. Build\n- [ ] 1.1 Write the form\n- [ ] 1.2 Check the password\n";
const DELTA =
  "## ADDED Requirements\n### Requirement: Login\nUsers SHALL log in.\n\n#### Scenario: Good password\n- **WHEN** a user logs in\n- **THEN** they are in\n";
const PROPOSAL = "## Why\nUsers need accounts.\n\n## What Changes\n- Add login.\n";
/** A main spec and one change with a proposal, tasks and a delta against it. */
const LOGIN_REPOSITORY = {
  "openspec/specs/auth/spec.md": AUTH_SPEC,
  "openspec/changes/add-login/proposal.md": PROPOSAL,
  "openspec/changes/add-login/tasks.md": TASKS,
  "openspec/changes/add-login/specs/auth/spec.md": DELTA,
};

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What a fresh run of the real CLI answers (on the test kit's warm worker), without `validate`'s per-item timings. */
async function freshRun(root: string, args: readonly string[]) {
  const run = await runRealOpenSpec(root, [...args]);
  return {
    exit_code: run.status,
    stdout: withoutTimings(parsedJson(run.stdout)),
    stderr: run.stderr,
  };
}

const QUESTIONS = [
  { tool: "openspec_list", input: { engine: "cli" }, args: ["list", "--changes", "--json"] },
  {
    tool: "openspec_list",
    input: { kind: "specs", engine: "cli" },
    args: ["list", "--specs", "--json"],
  },
  {
    tool: "openspec_validate",
    input: {},
    args: ["validate", "--all", "--strict", "--json", "--no-interactive"],
  },
  {
    tool: "openspec_show",
    input: { target: "add-login" },
    args: ["show", "add-login", "--json", "--no-interactive"],
  },
] as const;

describe("one run per question: answers of unchanged repositories are reused, and every edit misses", () => {
  it("GIVEN cached answers of list, validate and show WHEN each kind of edit that changes the CLI's answer is made THEN the next answer is not cached and equals a fresh run, and repeating it is answered from the cache", async () => {
    // Warm workers on both sides, as the team server runs: the pool's own differential test
    // (packages/cli-runner) shows their answers byte-identical to cold runs. One worker: the
    // calls come one at a time, so a second would only start and wait.
    const { catalog } = makeCatalog({ catalog: { warmPool: 1 } });
    const root = makeOpenSpecRepository(LOGIN_REPOSITORY);
    const file = (path: string) => join(root, "openspec", path);
    const fresh = (args: readonly string[]) => freshRun(root, args);
    // Asks every question until the answer comes from the cache, checking each answer against a fresh run.
    const askAll = async (edit: string) => {
      const answers: unknown[] = [];
      for (const question of QUESTIONS) {
        const expected = await fresh(question.args);
        answers.push(expected);
        const first = await catalog.call(question.tool, { workdir: root, ...question.input });
        expect(first, `${edit}: ${question.tool} after the edit`).not.toHaveProperty("cached");
        expect({
          exit_code: first.exit_code,
          stdout: withoutTimings(first.stdout),
          stderr: first.stderr,
        }).toEqual(expected);
        let answer = first;
        // An answer is kept once the edited files have been quiet for a timestamp tick (50 ms,
        // 2 s on whole-second timestamps): ask again until then, far past both.
        for (let attempt = 0; attempt < 100 && answer.cached !== true; attempt += 1) {
          await sleep(60);
          answer = await catalog.call(question.tool, { workdir: root, ...question.input });
        }
        expect(answer, `${edit}: ${question.tool} repeated`).toMatchObject({
          cached: true,
          computed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        });
        expect(withoutTimings(answer.stdout)).toEqual(expected.stdout);
      }
      return JSON.stringify(answers);
    };

    const edits: Array<[string, () => void]> = [
      // Same size: only mtime and ctime tell.
      [
        "a task ticked",
        () =>
          writeFileSync(
            file("changes/add-login/tasks.md"),
            TASKS.replace("- [ ] 1.1", "- [x] 1.1"),
          ),
      ],
      [
        "a task added",
        () => appendFileSync(file("changes/add-login/tasks.md"), "- [ ] 1.3 Log out\n"),
      ],
      [
        "a spec requirement added",
        () =>
          appendFileSync(
            file("specs/auth/spec.md"),
            "\n### Requirement: Logout\nUsers SHALL log out.\n",
          ),
      ],
      [
        "a spec made invalid",
        () =>
          writeFileSync(
            file("specs/auth/spec.md"),
            "# auth\n\n## Purpose\nshort\n\n## Requirements\n### Requirement: Bare\nNo scenario.\n",
          ),
      ],
      [
        "a new change",
        () => {
          mkdirSync(file("changes/add-logout/specs/auth"), { recursive: true });
          writeFileSync(file("changes/add-logout/proposal.md"), PROPOSAL);
          writeFileSync(
            file("changes/add-logout/specs/auth/spec.md"),
            DELTA.replace("Login", "Logout"),
          );
        },
      ],
      [
        "a delta rewritten at the same size, its mtime set back",
        () => {
          const path = file("changes/add-login/specs/auth/spec.md");
          const before = statSync(path);
          writeFileSync(path, DELTA.replace("SHALL", "MUST "));
          utimesSync(path, before.atime, before.mtime);
        },
      ],
      [
        "a file replaced by rename",
        () => {
          const path = file("changes/add-login/proposal.md");
          writeFileSync(`${path}.new`, PROPOSAL.replace("accounts", "sessions"));
          renameSync(`${path}.new`, path);
        },
      ],
      [
        "a change archived",
        () => {
          mkdirSync(file("changes/archive"), { recursive: true });
          renameSync(file("changes/add-logout"), file("changes/archive/2026-01-01-add-logout"));
        },
      ],
      ["a spec removed", () => rmSync(file("specs/auth"), { recursive: true })],
    ];

    let before = await askAll("unchanged");
    for (const [name, edit] of edits) {
      edit();
      const after = await askAll(name);
      expect(after, `${name} changes what the CLI answers`).not.toBe(before);
      before = after;
    }
  });

  it("GIVEN a cached validation of one change WHEN another change's files are written THEN it is still answered from the cache; WHEN its own files, the main specs, the config or the list of changes change THEN the next answer is a fresh run's", async () => {
    const { catalog } = makeCatalog({ catalog: { warmPool: 1 } });
    const root = makeOpenSpecRepository({
      ...LOGIN_REPOSITORY,
      "openspec/changes/add-logout/proposal.md": PROPOSAL,
      "openspec/changes/add-logout/tasks.md": TASKS,
    });
    const file = (path: string) => join(root, "openspec", path);
    const args = ["validate", "add-login", "--type", "change", "--strict", "--json"];
    const validate = () =>
      catalog.call("openspec_validate", { workdir: root, target: "add-login", type: "change" });
    const untilCached = async () => {
      let answer = await validate();
      // Kept once the edited files have been quiet for a timestamp tick (50 ms, 2 s on whole seconds).
      for (let attempt = 0; attempt < 100 && answer.cached !== true; attempt += 1) {
        await sleep(60);
        answer = await validate();
      }
      expect(answer).toMatchObject({ cached: true });
    };
    await untilCached();
    await sleep(100); // Past the timestamp tick of the files just written.
    appendFileSync(file("changes/add-logout/tasks.md"), "- [ ] 1.3 Log out\n");
    expect(await validate(), "another change written").toMatchObject({ ok: true, cached: true });

    const edits: Array<[string, () => void]> = [
      ["its tasks", () => appendFileSync(file("changes/add-login/tasks.md"), "- [ ] 1.3 More\n")],
      ["its delta", () => writeFileSync(file("changes/add-login/specs/auth/spec.md"), "# x\n")],
      [
        "a main spec",
        () => appendFileSync(file("specs/auth/spec.md"), "\n### Requirement: Logout\nX.\n"),
      ],
      ["the config", () => writeFileSync(file("config.yaml"), "schema: spec-driven\n")],
      ["a new change", () => mkdirSync(file("changes/add-signup"))],
    ];
    for (const [name, edit] of edits) {
      edit();
      const answer = await validate();
      expect(answer, `${name} written`).not.toHaveProperty("cached");
      const fresh = await freshRun(root, [...args, "--no-interactive"]);
      expect(withoutTimings(answer.stdout), name).toEqual(fresh.stdout);
      await untilCached();
    }
  });

  it("GIVEN an answer kept in the cache WHEN a file is rewritten with the same size, at once or a tick later THEN the next call runs the CLI again", async () => {
    const cli = countingCli();
    const { catalog } = makeCatalog({
      env: { OPENSPEC_BIN: cli.bin, OPENSPEC_AGENT_CONFINE: "off" },
    });
    const root = makeOpenSpecRepository({ "openspec/changes/add-login/tasks.md": TASKS });
    const tasks = join(root, "openspec/changes/add-login/tasks.md");
    const list = () => catalog.call("openspec_list", { workdir: root, engine: "cli" });
    const untilCached = async () => {
      let answer = await list();
      while (answer.cached !== true) answer = await list();
      return cli.runs().length;
    };

    let runsBefore = await untilCached();
    writeFileSync(tasks, TASKS.replace("- [ ] 1.1", "- [x] 1.1"));
    const atOnce = await list();
    expect(atOnce).not.toHaveProperty("cached");
    expect(cli.runs().length).toBe(runsBefore + 1);
    expect(atOnce.stdout).toMatchObject({ changes: [{ name: "add-login", completedTasks: 1 }] });

    runsBefore = await untilCached();
    writeFileSync(tasks, TASKS);
    await sleep(100); // Past the write's timestamp tick: only the stats can tell now.
    const later = await list();
    expect(later).not.toHaveProperty("cached");
    expect(cli.runs().length).toBe(runsBefore + 1);
    expect(later.stdout).toMatchObject({ changes: [{ name: "add-login", completedTasks: 0 }] });
  });

  it("GIVEN a change folder that is a symbolic link, whose target a stat walk cannot vouch for WHEN the same list is asked again THEN the CLI runs every time", async () => {
    const cli = countingCli();
    const { catalog } = makeCatalog({
      env: { OPENSPEC_BIN: cli.bin, OPENSPEC_AGENT_CONFINE: "off" },
    });
    const linked = makeOpenSpecRepository({ "openspec/changes/add-login/tasks.md": TASKS });
    const elsewhere = temporaryFolder("change-elsewhere-");
    writeFileSync(join(elsewhere, "proposal.md"), PROPOSAL);
    symlinkSync(elsewhere, join(linked, "openspec/changes/add-elsewhere"));
    await sleep(100); // Past the timestamp tick of the files just written.

    for (let call = 0; call < 3; call += 1) {
      const answer = await catalog.call("openspec_list", { workdir: linked, engine: "cli" });
      expect(answer).toMatchObject({ ok: true });
      expect(answer).not.toHaveProperty("cached");
    }
    expect(cli.runs()).toHaveLength(3);
  });

  it("GIVEN five identical list calls at once WHEN they are answered THEN the CLI runs once and every caller gets the same answer", async () => {
    const cli = countingCli();
    const { catalog } = makeCatalog({
      env: { OPENSPEC_BIN: cli.bin, OPENSPEC_AGENT_CONFINE: "off" },
    });
    const root = makeOpenSpecRepository({ "openspec/changes/add-login/tasks.md": TASKS });
    await sleep(100); // Past the timestamp tick of the files just written: their stats can be trusted.

    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        catalog.call("openspec_list", { workdir: root, engine: "cli" }),
      ),
    );

    expect(cli.runs()).toEqual(["list --changes --json"]);
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.stdout))).size).toBe(1);
  });

  it("GIVEN two callers sharing a run WHEN one cancels THEN it answers cancelled at once and the other still gets the run's answer; WHEN the last one cancels THEN the run is stopped", async () => {
    const folder = temporaryFolder("gated-cli-");
    const gate = join(folder, "gate");
    const logFile = JSON.stringify(join(folder, "log"));
    // Logs its start, and its stop when the runner sends SIGTERM; runs until the gate file appears.
    const bin = fakeOpenSpecBinary(
      [
        `echo "start $$" >> ${logFile}`,
        `trap 'echo "stopped $$" >> ${logFile}; exit 143' TERM`,
        `while [ ! -e ${JSON.stringify(gate)} ]; do sleep 0.02; done`,
        `echo '{"changes":[]}'`,
      ].join("\n"),
    );
    const log = () =>
      existsSync(join(folder, "log"))
        ? readFileSync(join(folder, "log"), "utf8").trim().split("\n")
        : [];
    const { catalog } = makeCatalog({ env: { OPENSPEC_BIN: bin, OPENSPEC_AGENT_CONFINE: "off" } });
    const root = makeOpenSpecRepository();
    await sleep(100); // Past the timestamp tick of the files just written.

    const leaving = new AbortController();
    const first = catalog.call(
      "openspec_list",
      { workdir: root, engine: "cli" },
      { signal: leaving.signal },
    );
    const staying = catalog.call("openspec_list", { workdir: root, engine: "cli" });
    while (log().length === 0) await sleep(20);
    leaving.abort();
    expect(await first).toMatchObject({ ok: false, code: "cancelled" });
    writeFileSync(gate, "");
    expect(await staying).toMatchObject({ ok: true, stdout: { changes: [] } });
    expect(log()).toHaveLength(1);

    rmSync(gate);
    const last = new AbortController();
    const alone = catalog.call(
      "openspec_list",
      { workdir: root, kind: "specs", engine: "cli" },
      { signal: last.signal },
    );
    while (log().length === 1) await sleep(20);
    const pid = log()[1]?.split(" ")[1];
    last.abort();
    expect(await alone).toMatchObject({ ok: false, code: "cancelled" });
    // The caller has its answer at once; the run's process is stopped next.
    while (log().length < 3) await sleep(20);
    expect(log()).toEqual([expect.stringMatching(/^start /), `start ${pid}`, `stopped ${pid}`]);
  });
});
