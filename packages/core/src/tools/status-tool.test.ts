import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import {
  fissionOpenSpecFixture,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";

afterEach(cleanUp);

/** Several CLI starts per test, each a second or more on a loaded machine. */
const CLI_TIMEOUT_MS = 180_000;

type StatusAnswer = {
  ok: boolean;
  engine?: string;
  cli_reason?: string;
  change?: string | null;
  stdout?: unknown;
  command?: string[];
};

/**
 * The real CLI behind a script inside a package that says it is OpenSpec
 * 1.13.2 (so the reader may answer for it): each run's arguments go to a
 * log, and a `validate` waits until the test creates the release file.
 */
function gatedCli() {
  const folder = temporaryFolder("gated-cli-");
  const log = join(folder, "runs.log");
  const release = join(folder, "release");
  mkdirSync(join(folder, "bin"));
  writeFileSync(
    join(folder, "package.json"),
    JSON.stringify({ name: "@fission-ai/openspec", version: "1.13.2" }),
  );
  const bin = join(folder, "bin", "openspec");
  writeFileSync(
    bin,
    [
      "#!/bin/sh",
      `echo "$*" >> ${JSON.stringify(log)}`,
      `if [ "$1" = validate ]; then while [ ! -f ${JSON.stringify(release)} ]; do sleep 0.05; done; fi`,
      `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(REAL_OPENSPEC_BIN)} "$@"`,
      "",
    ].join("\n"),
  );
  chmodSync(bin, 0o755);
  return {
    bin,
    release: () => writeFileSync(release, ""),
    runs: () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []),
  };
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("openspec_status answered from the files, with the CLI as the oracle", () => {
  it(
    "GIVEN Fission-AI/OpenSpec's repository WHEN each active change's status is asked natively and by the CLI THEN the documents are equal and each says which engine answered",
    async () => {
      const root = join(temporaryFolder("fission-"), "openspec-repo");
      cpSync(fissionOpenSpecFixture, root, { recursive: true });
      // Warm workers: the CLI answers each change of the differential without starting again.
      const { catalog } = makeCatalog({ catalog: { warmPool: 1 } });
      const changes = readdirSync(join(root, "openspec/changes"), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && entry.name !== "archive")
        .map((entry) => entry.name);
      let native = 0;
      for (const change of changes) {
        const ours = (await catalog.call("openspec_status", {
          workdir: root,
          change,
        })) as StatusAnswer;
        const cli = (await catalog.call("openspec_status", {
          workdir: root,
          change,
          engine: "cli",
        })) as StatusAnswer;
        expect(cli).toMatchObject({ ok: true, engine: "cli", change });
        expect(cli.cli_reason).toBeUndefined();
        if (ours.engine === "native") {
          native += 1;
          expect(ours).toMatchObject({ ok: true, change });
          expect(ours.cli_reason).toBeUndefined();
          const argv = ours.command ?? [];
          expect(argv.slice(1)).toEqual(cli.command?.slice(-(argv.length - 1)));
        } else {
          expect(ours.cli_reason).toContain(".openspec.yaml");
        }
        expect(ours.stdout).toEqual(cli.stdout);
      }
      expect(native).toBeGreaterThan(changes.length / 2);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "GIVEN the only CLI run slot held by a whole-repository validation WHEN openspec_status of a change is asked THEN it answers before that run ends, without waiting for a turn or starting the CLI",
    async () => {
      const root = makeOpenSpecRepository({
        "openspec/changes/add-login/proposal.md": "## Why\nUsers need accounts.\n",
        "openspec/changes/add-login/tasks.md": "- [ ] 1.1 Build it\n",
      });
      const cli = gatedCli();
      // The gate is a file beside the repository, which a confined fake could not see.
      const { catalog } = makeCatalog({
        env: { OPENSPEC_BIN: cli.bin, OPENSPEC_AGENT_CONFINE: "off" },
        catalog: { cliConcurrency: 1 },
      });
      const events: string[] = [];
      const whole = catalog
        .call("openspec_validate", { workdir: root })
        .then(() => events.push("validation answered"));
      // The validation holds the slot once its run has started.
      await until(() => cli.runs().some((run) => run.startsWith("validate")));
      const heard: string[] = [];
      const status = catalog
        .call(
          "openspec_status",
          { workdir: root, change: "add-login" },
          // A status call that queues for the slot lets the validation go, so the test ends either way.
          {
            onProgress: (progress) => {
              heard.push(progress.message);
              cli.release();
            },
          },
        )
        .then((answer) => {
          events.push("status answered");
          cli.release();
          return answer as StatusAnswer;
        });
      const answer = await status;
      await whole;
      expect(events).toEqual(["status answered", "validation answered"]);
      expect(answer).toMatchObject({ ok: true, engine: "native", change: "add-login" });
      expect(heard).toEqual([]);
      expect(cli.runs().filter((run) => run.startsWith("status"))).toEqual([]);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "GIVEN a change whose metadata skips its specs WHEN openspec_status is asked THEN the CLI answers and the answer says why",
    async () => {
      const root = makeOpenSpecRepository({
        "openspec/changes/add-login/proposal.md": "# p\n",
        "openspec/changes/add-login/.openspec.yaml": "schema: spec-driven\nskip_specs: true\n",
      });
      const { catalog } = makeCatalog();
      const answer = (await catalog.call("openspec_status", {
        workdir: root,
        change: "add-login",
      })) as StatusAnswer;
      expect(answer).toMatchObject({ ok: true, engine: "cli" });
      expect(JSON.stringify(answer.stdout)).toContain('"status":"skipped"');
      expect(answer.cli_reason).toContain(".openspec.yaml");
    },
    CLI_TIMEOUT_MS,
  );
});
