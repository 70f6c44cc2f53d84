import { appendFileSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { AUTH_SPEC, makeOpenSpecRepository, runRealOpenSpec } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { countingCli, withoutTimings } from "./test-support/counting-cli.js";
import { cleanUp, makeCatalog } from "./test-support/fixture.js";
import { nextPublished } from "./test-support/next-published.js";
import { WAITS_FOR_RUN_UNDER_WAY } from "./validate-change-by-change.js";

afterEach(cleanUp);

const WHOLE = ["validate", "--all", "--strict", "--json", "--no-interactive"];
const one = (change: string) => `validate ${change} --type change --strict --json --no-interactive`;

const PROPOSAL = "## Why\nUsers need accounts to keep their carts.\n\n## What Changes\n- Add it.\n";
const TASKS = "## 1. Build\n- [ ] 1.1 Write the form\n";
const ADDED = (name: string) =>
  `## ADDED Requirements\n### Requirement: ${name}\nThe system SHALL offer ${name}.\n\n#### Scenario: It works\n- **WHEN** a user asks\n- **THEN** ${name} happens\n`;
const MODIFIED_LOGIN =
  "## MODIFIED Requirements\n### Requirement: Sign in\nThe system SHALL sign a person in with a correct email and password, or a passkey.\n\n#### Scenario: Correct password\n- **GIVEN** a registered person\n- **WHEN** they enter their email and password\n- **THEN** they are signed in\n\n#### Scenario: Passkey\n- **WHEN** a person offers a passkey\n- **THEN** they are signed in\n";
const WITHOUT_SCENARIO =
  "## ADDED Requirements\n### Requirement: Broken\nThe system SHALL break.\n";

function change(name: string, delta: string, capability = "auth") {
  return {
    [`openspec/changes/${name}/proposal.md`]: PROPOSAL,
    [`openspec/changes/${name}/tasks.md`]: TASKS,
    [`openspec/changes/${name}/specs/${capability}/spec.md`]: delta,
  };
}

/** A main spec and five changes: four that validate, and one whose delta has a requirement without a scenario. */
const REPOSITORY = {
  "openspec/specs/auth/spec.md": AUTH_SPEC,
  ...change("add-login-passkeys", MODIFIED_LOGIN),
  ...change("add-signup", ADDED("Signup"), "signup"),
  ...change("add-wishlist", ADDED("Wishlist"), "wishlist"),
  ...change("add-search", ADDED("Search"), "search"),
  ...change("broken-change", WITHOUT_SCENARIO),
};

/**
 * Waits until the given paths were last changed longer ago than a timestamp tick (50 ms, or
 * 2 s on a file system that keeps whole seconds), so a stat digest taken now can be kept.
 */
async function pastTheTick(paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const { ctimeMs } = statSync(path);
    const margin = ctimeMs % 1000 === 0 ? 2_100 : 100;
    const wait = ctimeMs + margin - Date.now();
    if (wait > 0) await sleep(wait);
  }
}

/**
 * Resolves once `condition` holds, checking every 20 ms; fails at once, naming `what`, when
 * `answer` settles first (then the condition can no longer come true), and after a minute.
 */
async function until(condition: () => boolean, what: string, answer: Promise<unknown>) {
  const deadline = Date.now() + 60_000;
  let answered = false;
  answer.then(
    () => {
      answered = true;
    },
    () => {
      answered = true;
    },
  );
  while (!condition()) {
    if (answered) throw new Error(`The call answered before ${what}.`);
    if (Date.now() >= deadline) throw new Error(`Not within a minute: ${what}.`);
    await sleep(20);
  }
}

/** The repository behind a catalog whose CLI runs are counted, and a validation of everything in it. */
function repositoryBehindCountingCli() {
  const cli = countingCli();
  const { catalog } = makeCatalog({
    env: { OPENSPEC_BIN: cli.bin, OPENSPEC_AGENT_CONFINE: "off" },
  });
  const root = makeOpenSpecRepository(REPOSITORY);
  return {
    cli,
    root,
    file: (path: string) => join(root, "openspec", path),
    validate: (signal?: AbortSignal) =>
      catalog.call("openspec_validate", { workdir: root, limit: 1000 }, signal ? { signal } : {}),
  };
}

describe("a validation of everything brought up to date change by change", () => {
  it("GIVEN a validation of everything WHEN the files of one or two changes are written THEN the next one validates just those changes and equals a fresh run; WHEN nothing is written THEN it is answered as kept", async () => {
    const { cli, root, file, validate } = repositoryBehindCountingCli();
    const fresh = async () => {
      const run = await runRealOpenSpec(root, WHOLE);
      return { exit_code: run.status, stdout: withoutTimings(JSON.parse(run.stdout)) };
    };
    const expectFresh = async (what: string) => {
      const answer = await validate();
      const expected = await fresh();
      expect(withoutTimings(answer.stdout), what).toEqual(expected.stdout);
      expect(answer.exit_code, what).toBe(expected.exit_code);
      return answer;
    };
    const settle = () =>
      pastTheTick([
        file("changes"),
        ...["add-signup", "add-search", "broken-change"].flatMap((name) => [
          file(`changes/${name}`),
          file(`changes/${name}/tasks.md`),
          file(`changes/${name}/specs/auth/spec.md`),
          file(`changes/${name}/specs/signup/spec.md`),
          file(`changes/${name}/specs/search/spec.md`),
        ]),
      ]);

    await settle();
    const first = await expectFresh("the first validation");
    expect(first).toMatchObject({ ok: false, code: "validation_failed" });
    expect(cli.newRuns()).toEqual([WHOLE.join(" ")]);

    const again = await validate();
    expect(again, "nothing written").toMatchObject({ cached: true });
    expect(cli.newRuns()).toEqual([]);

    const edits: Array<[string, string[], () => void]> = [
      [
        "a task ticked",
        ["add-signup"],
        () => writeFileSync(file("changes/add-signup/tasks.md"), TASKS.replace("[ ]", "[x]")),
      ],
      [
        "a delta made invalid",
        ["add-search"],
        () => writeFileSync(file("changes/add-search/specs/search/spec.md"), "# nothing\n"),
      ],
      [
        "that delta fixed and another change's tasks written",
        ["add-search", "add-signup"],
        () => {
          writeFileSync(file("changes/add-search/specs/search/spec.md"), ADDED("Search"));
          appendFileSync(file("changes/add-signup/tasks.md"), "- [ ] 1.2 Send the mail\n");
        },
      ],
    ];
    for (const [what, written, edit] of edits) {
      edit();
      await settle();
      const answer = await expectFresh(what);
      expect(answer, what).not.toHaveProperty("cached");
      expect(cli.newRuns().sort(), what).toEqual(written.map(one).sort());
    }
  });

  it("GIVEN a validation of everything WHEN a change is validated again within a timestamp tick of its write THEN only that change is validated, and once it is quiet it is validated once more, then kept", async () => {
    const { cli, file, validate } = repositoryBehindCountingCli();
    const settle = () =>
      pastTheTick([
        file("changes"),
        ...["add-signup", "add-search", "broken-change"].map((name) => file(`changes/${name}`)),
        file("changes/add-signup/tasks.md"),
      ]);
    await settle();
    await validate();
    cli.newRuns();

    // Asked at once: on a team server some change is always being written.
    writeFileSync(file("changes/add-signup/tasks.md"), TASKS.replace("[ ]", "[x]"));
    const justWritten = await validate();
    expect(justWritten).not.toHaveProperty("cached");
    expect(cli.newRuns()).toEqual([one("add-signup")]);

    await settle();
    await validate();
    // Validated again if it was still within its tick the first time, or kept if it was not.
    expect([[], [one("add-signup")]]).toContainEqual(cli.newRuns());
    expect(await validate(), "quiet and unchanged").toMatchObject({ cached: true });
    expect(cli.newRuns()).toEqual([]);
  });

  it("GIVEN a run of everything under way WHEN another validation of everything finds too many changes written THEN it waits for that run's report and validates one by one what was written since", async () => {
    const { cli, root, file, validate } = repositoryBehindCountingCli();
    const everyChange = ["add-signup", "add-search", "add-wishlist", "add-login-passkeys"];
    const settle = () =>
      pastTheTick([
        file("changes"),
        ...[...everyChange, "broken-change"].flatMap((name) => [
          file(`changes/${name}`),
          file(`changes/${name}/tasks.md`),
        ]),
      ]);
    await settle();
    await validate();
    cli.newRuns();

    // Five changes written: more than are worth validating one by one, so everything runs.
    for (const name of [...everyChange, "broken-change"]) {
      appendFileSync(file(`changes/${name}/tasks.md`), "- [ ] 1.2 More\n");
    }
    await settle();
    cli.holdRunsOfEverything();
    const first = validate();
    // Its own run, the second of the test: the first validation's digests are taken before it,
    // so the write below comes after them. (Waiting for any run of everything let the write
    // come first, and the test then passed only while that write was within a timestamp tick
    // of the first validation's walk, which made the change count as written again.)
    await until(
      () => cli.runs().filter((run) => run === WHOLE.join(" ")).length === 2,
      "its run of everything started",
      first,
    );
    // Written while that run is held: the second validation still sees five changes
    // written since the last report, and one more.
    writeFileSync(file("changes/add-signup/tasks.md"), TASKS.replace("[ ]", "[x]"));
    await settle();
    const second = validate();
    // Released once the second call waits for the run under way; were it released earlier, the
    // second call would find the first run's report kept and give the same runs.
    await nextPublished(
      WAITS_FOR_RUN_UNDER_WAY,
      "it waited for the run of everything under way",
      second,
    );
    cli.releaseRunsOfEverything();
    await first;
    const answer = await second;

    expect(cli.newRuns()).toEqual([WHOLE.join(" "), one("add-signup")]);
    const fresh = await runRealOpenSpec(root, WHOLE);
    expect(withoutTimings(answer.stdout)).toEqual(withoutTimings(JSON.parse(fresh.stdout)));
  });

  it("GIVEN a validation of everything waiting for a run of everything under way WHEN its caller cancels THEN it is answered cancelled at once, while the run goes on for the others", async () => {
    const { cli, file, validate } = repositoryBehindCountingCli();
    const all = ["add-signup", "add-search", "add-wishlist", "add-login-passkeys", "broken-change"];
    const settle = () =>
      pastTheTick([
        file("changes"),
        ...all.flatMap((name) => [file(`changes/${name}`), file(`changes/${name}/tasks.md`)]),
      ]);
    await settle();
    await validate();
    for (const name of all) appendFileSync(file(`changes/${name}/tasks.md`), "- [ ] 1.2 More\n");
    await settle();
    cli.holdRunsOfEverything();
    const first = validate();
    await until(
      () => cli.runs().filter((run) => run === WHOLE.join(" ")).length === 2,
      "its second run of everything started",
      first,
    );
    const leaving = new AbortController();
    const second = validate(leaving.signal);
    await nextPublished(
      WAITS_FOR_RUN_UNDER_WAY,
      "it waited for the run of everything under way",
      second,
    );
    leaving.abort();

    expect(await second).toMatchObject({ ok: false, code: "cancelled" });
    cli.releaseRunsOfEverything();
    expect(await first).toMatchObject({ ok: false, code: "validation_failed" });
  });

  it("GIVEN a validation of everything WHEN a main spec, the config or the list of changes changes, or more changes are written than are worth validating one by one, or the verdict of the whole turns THEN everything is validated again and equals a fresh run", async () => {
    const { cli, root, file, validate } = repositoryBehindCountingCli();
    const settle = () =>
      pastTheTick([
        file("changes"),
        file("specs/auth/spec.md"),
        file("config.yaml"),
        file("changes/broken-change"),
        file("changes/broken-change/specs/auth/spec.md"),
        ...["add-signup", "add-search", "add-wishlist", "add-login-passkeys", "add-extra"].flatMap(
          (name) => [file(`changes/${name}`), file(`changes/${name}/tasks.md`)],
        ),
      ]);
    await settle();
    await validate();
    cli.newRuns();

    const edits: Array<[string, () => void]> = [
      ["a main spec", () => appendFileSync(file("specs/auth/spec.md"), "\n")],
      ["the config", () => writeFileSync(file("config.yaml"), "schema: spec-driven\n")],
      [
        "a new change",
        () => {
          mkdirSync(file("changes/add-extra/specs/extra"), { recursive: true });
          writeFileSync(file("changes/add-extra/proposal.md"), PROPOSAL);
          writeFileSync(file("changes/add-extra/specs/extra/spec.md"), ADDED("Extra"));
        },
      ],
      ["a change removed", () => rmSync(file("changes/add-extra"), { recursive: true })],
      [
        "five changes written",
        () => {
          for (const name of ["add-signup", "add-search", "add-wishlist", "add-login-passkeys"]) {
            appendFileSync(file(`changes/${name}/tasks.md`), "- [ ] 1.2 More\n");
          }
          appendFileSync(file("changes/broken-change/tasks.md"), "- [ ] 1.2 More\n");
        },
      ],
      [
        "the only invalid change fixed",
        () => writeFileSync(file("changes/broken-change/specs/auth/spec.md"), ADDED("Fixed")),
      ],
    ];
    for (const [what, edit] of edits) {
      edit();
      await settle();
      const answer = await validate();
      const run = await runRealOpenSpec(root, WHOLE);
      expect(withoutTimings(answer.stdout), what).toEqual(withoutTimings(JSON.parse(run.stdout)));
      expect(answer, what).not.toHaveProperty("cached");
      expect(cli.newRuns(), what).toContain(WHOLE.join(" "));
    }
    expect(await validate(), "the fixed repository validates").toMatchObject({ ok: true });
  });
});
