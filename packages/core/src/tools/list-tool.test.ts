import { chmodSync, cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  fakeOpenSpecBinary,
  fissionOpenSpecFixture,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  temporaryFolder,
  writeFiles,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";

afterEach(cleanUp);

/** Several CLI starts per test, each a second or more on a loaded machine. */
const CLI_TIMEOUT_MS = 180_000;

type ListAnswer = {
  ok: boolean;
  engine?: string;
  cli_reason?: string;
  stdout?: { changes?: { name: string; completedTasks: number }[] };
  command?: string[];
};

describe("openspec_list answered from the files, with the CLI as the oracle", () => {
  it(
    "GIVEN Fission-AI/OpenSpec's repository WHEN its changes (by recent, by name) and specs are listed natively and by the CLI THEN the documents are equal and each says which engine answered",
    async () => {
      const root = join(temporaryFolder("fission-"), "openspec-repo");
      cpSync(fissionOpenSpecFixture, root, { recursive: true });
      const { catalog } = makeCatalog();
      for (const input of [{}, { sort: "name" }, { kind: "specs" }]) {
        const native = (await catalog.call("openspec_list", {
          workdir: root,
          ...input,
        })) as ListAnswer;
        const cli = (await catalog.call("openspec_list", {
          workdir: root,
          ...input,
          engine: "cli",
        })) as ListAnswer;
        expect(native).toMatchObject({ ok: true, engine: "native" });
        expect(cli).toMatchObject({ ok: true, engine: "cli" });
        expect(native.cli_reason).toBeUndefined();
        expect(native.stdout).toEqual(cli.stdout);
        const argv = native.command ?? [];
        expect(argv.slice(1)).toEqual(cli.command?.slice(-(argv.length - 1)));
      }
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "GIVEN a listed change WHEN one of its tasks is ticked THEN the next native listing counts it, as a fresh CLI run does",
    async () => {
      const root = makeOpenSpecRepository({
        "openspec/changes/add-login/tasks.md":
          "## 1. Work\n\n- [ ] 1.1 Build it\n- [ ] 1.2 Ship it\n",
      });
      const { catalog } = makeCatalog();
      const before = (await catalog.call("openspec_list", { workdir: root })) as ListAnswer;
      expect(before.stdout?.changes?.[0]?.completedTasks).toBe(0);
      const ticked = await catalog.call("openspec_task_set_status", {
        workdir: root,
        change: "add-login",
        ids: ["1.1"],
        done: true,
      });
      expect(ticked.ok).toBe(true);
      const after = (await catalog.call("openspec_list", { workdir: root })) as ListAnswer;
      const fresh = (await catalog.call("openspec_list", {
        workdir: root,
        engine: "cli",
      })) as ListAnswer;
      expect(after).toMatchObject({ ok: true, engine: "native" });
      expect(after.stdout?.changes?.[0]?.completedTasks).toBe(1);
      expect(after.stdout).toEqual(fresh.stdout);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "GIVEN a repository whose config names another schema WHEN openspec_list is called THEN the CLI answers and the answer says why",
    async () => {
      const root = makeOpenSpecRepository({ "openspec/changes/add-login/tasks.md": "- [ ] a\n" });
      writeFiles(root, { "openspec/config.yaml": "schema: research-first\n" });
      const { catalog } = makeCatalog();
      const answer = (await catalog.call("openspec_list", { workdir: root })) as ListAnswer;
      expect(answer).toMatchObject({ ok: true, engine: "cli" });
      expect(answer.cli_reason).toContain('uses the schema "research-first"');
    },
    CLI_TIMEOUT_MS,
  );

  it("GIVEN an openspec binary that is not the OpenSpec package the reader reproduces WHEN openspec_list is called THEN that binary answers and the answer says why", async () => {
    const bin = fakeOpenSpecBinary(`echo '{"changes":[{"name":"from-the-binary"}]}'`);
    const { catalog } = makeCatalog({ cli: false, env: { OPENSPEC_BIN: bin } });
    const answer = (await catalog.call("openspec_list", {
      workdir: makeOpenSpecRepository(),
    })) as ListAnswer;
    expect(answer).toMatchObject({ ok: true, engine: "cli" });
    expect(answer.stdout?.changes?.[0]?.name).toBe("from-the-binary");
    expect(answer.cli_reason).toContain("not a known OpenSpec package");
  });

  it(
    "GIVEN the pinned CLI inside a package that says it is another OpenSpec version WHEN openspec_list and openspec_status are called THEN that CLI answers both, each answer names its version, and the documents equal the reader's",
    async () => {
      const root = makeOpenSpecRepository({
        "openspec/changes/add-login/proposal.md": "## Why\nUsers need accounts.\n",
        "openspec/changes/add-login/tasks.md": "- [x] 1.1 Build it\n- [ ] 1.2 Ship it\n",
      });
      const other = temporaryFolder("openspec-1.99.0-");
      mkdirSync(join(other, "bin"));
      writeFileSync(
        join(other, "package.json"),
        JSON.stringify({ name: "@fission-ai/openspec", version: "1.99.0" }),
      );
      const bin = join(other, "bin", "openspec");
      writeFileSync(
        bin,
        `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(REAL_OPENSPEC_BIN)} "$@"\n`,
      );
      chmodSync(bin, 0o755);
      const pinned = makeCatalog().catalog;
      // A wrapper running a CLI installed elsewhere cannot find it inside a confined view.
      const renamed = makeCatalog({
        env: { OPENSPEC_BIN: bin, OPENSPEC_AGENT_CONFINE: "off" },
      }).catalog;
      for (const [tool, input] of [
        ["openspec_list", { workdir: root }],
        ["openspec_status", { workdir: root, change: "add-login" }],
      ] as const) {
        const native = (await pinned.call(tool, input)) as ListAnswer;
        const answer = (await renamed.call(tool, input)) as ListAnswer;
        expect(native).toMatchObject({ ok: true, engine: "native" });
        expect(answer).toMatchObject({ ok: true, engine: "cli" });
        expect(answer.cli_reason).toContain("version 1.99.0");
        expect(answer.stdout).toEqual(native.stdout);
      }
    },
    CLI_TIMEOUT_MS,
  );
});
