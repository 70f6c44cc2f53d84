import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import {
  fissionOpenSpecFixture,
  isolatedEnvironment,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  runRealOpenSpec,
  temporaryFolder,
  writeFiles,
} from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { openRepository } from "../open-repository.js";
import { rewordedBuiltinSchema } from "../test-support/reworded-builtin-schema.js";
import { cliStatusText, statusLikeCli } from "./status-like-cli.js";

afterAll(removeTemporaryFolders);

/** One warm CLI run per change; a loaded machine makes each several times slower. */
const CLI_TIMEOUT_MS = 300_000;
const { env } = isolatedEnvironment();

function native(root: string, change: string) {
  const opened = openRepository(root, { searchUpward: false });
  if (!opened.ok) throw new Error(opened.error);
  return statusLikeCli(opened.repository, { change, env });
}

function activeChanges(root: string): string[] {
  return readdirSync(join(root, "openspec/changes"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "archive")
    .map((entry) => entry.name);
}

/**
 * Every change of `root` the reader answers, natively and by the CLI, as
 * [ours, theirs] byte strings; and the changes it left to the CLI.
 */
async function bothStatuses(root: string, changes: string[]) {
  const pairs: [string, string][] = [];
  const leftToCli: string[] = [];
  for (const change of changes) {
    const ours = await native(root, change);
    if ("needsCli" in ours) {
      leftToCli.push(change);
      continue;
    }
    const cli = await runRealOpenSpec(root, ["status", "--change", change, "--json"]);
    expect(cli.status, cli.stderr).toBe(0);
    pairs.push([cliStatusText(ours), cli.stdout]);
  }
  return { pairs, leftToCli };
}

describe("openspec status answered from the files, against the CLI", () => {
  it(
    "GIVEN Fission-AI/OpenSpec's own openspec/ WHEN each active change's status is read THEN the bytes equal `openspec status --change <name> --json`",
    async () => {
      const root = join(temporaryFolder("fission-"), "openspec-repo");
      cpSync(fissionOpenSpecFixture, root, { recursive: true });
      const changes = activeChanges(root);
      const { pairs, leftToCli } = await bothStatuses(root, changes);
      for (const [ours, theirs] of pairs) expect(ours).toBe(theirs);
      // Only changes with metadata the reader does not parse go to the CLI.
      expect(pairs.length).toBeGreaterThan(changes.length / 2);
      for (const change of leftToCli) {
        expect(readdirSync(join(root, "openspec/changes", change))).toContain(".openspec.yaml");
      }
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "GIVEN a repository keeping a copy of the spec-driven schema whose instructions only are its own WHEN each status is read THEN the files answer, with the CLI's bytes; a copy with another build order is left to the CLI",
    async () => {
      const root = makeOpenSpecRepository({
        "openspec/schemas/spec-driven/schema.yaml": rewordedBuiltinSchema(),
        "openspec/changes/started/proposal.md": "# p\n",
        "openspec/changes/planned/proposal.md": "# p\n",
        "openspec/changes/planned/specs/auth/spec.md": "## ADDED Requirements\n",
        "openspec/changes/planned/design.md": "# d\n",
        "openspec/changes/planned/tasks.md": "- [ ] a\n",
      });
      const changes = activeChanges(root);
      const { pairs, leftToCli } = await bothStatuses(root, changes);
      expect(leftToCli).toEqual([]);
      expect(pairs).toHaveLength(2);
      for (const [ours, theirs] of pairs) expect(ours).toBe(theirs);

      writeFiles(root, {
        "openspec/schemas/spec-driven/schema.yaml": rewordedBuiltinSchema((text) =>
          text.replace("      - specs\n      - design\n", "      - specs\n"),
        ),
      });
      const changed = await native(root, "planned");
      expect("needsCli" in changed && changed.needsCli).toMatch(/its own spec-driven schema/);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "GIVEN a generated repository with every artifact state (none, proposal only, specs deep and shallow, dot-named and non-markdown spec files, an artifact that is a folder or a pipe, all four, new-change metadata, unusual names) WHEN each status is read THEN the bytes equal the CLI's",
    async () => {
      const root = makeOpenSpecRepository({
        "openspec/changes/only-proposal/proposal.md": "# p\n",
        "openspec/changes/with-specs/proposal.md": "# p\n",
        "openspec/changes/with-specs/specs/b/spec.md": "## ADDED Requirements\n",
        "openspec/changes/with-specs/specs/a/deep/er/spec.md": "x\n",
        "openspec/changes/with-specs/specs/top.md": "x\n",
        "openspec/changes/with-specs/specs/Z.md": "x\n",
        "openspec/changes/hidden-specs/proposal.md": "# p\n",
        "openspec/changes/hidden-specs/specs/.hidden/spec.md": "x\n",
        "openspec/changes/hidden-specs/specs/a/.spec.md": "x\n",
        "openspec/changes/hidden-specs/specs/a/spec.MD": "x\n",
        "openspec/changes/hidden-specs/specs/a/spec.txt": "x\n",
        "openspec/changes/hidden-specs/design.md": "# d\n",
        "openspec/changes/design-first/design.md": "# d\n",
        "openspec/changes/tasks-only/tasks.md": "- [ ] a\n",
        "openspec/changes/folder-artifact/proposal.md/inner.md": "x\n",
        "openspec/changes/folder-artifact/specs/.gitkeep": "",
        "openspec/changes/complete/proposal.md": "# p\n",
        "openspec/changes/complete/specs/auth/spec.md": "x\n",
        "openspec/changes/complete/design.md": "# d\n",
        "openspec/changes/complete/tasks.md": "- [x] a\n",
        "openspec/changes/no-design/proposal.md": "# p\n",
        "openspec/changes/no-design/specs/auth/spec.md": "x\n",
        "openspec/changes/no-design/tasks.md": "- [ ] a\n",
        "openspec/changes/with-metadata/.openspec.yaml":
          "schema: spec-driven\ncreated: 2026-01-02\n",
        "openspec/changes/with-metadata/proposal.md": "# p\n",
        'openspec/changes/Ändern "quoted" name/proposal.md': "# p\n",
        "openspec/changes/_draft/notes.md": "a note\n",
      });
      mkdirSync(join(root, "openspec/changes/empty"));
      const fifo = spawnSync("mkfifo", [join(root, "openspec/changes/design-first/tasks.md")]);
      expect(fifo.status).toBe(0);
      const changes = activeChanges(root);
      const { pairs, leftToCli } = await bothStatuses(root, changes);
      for (const [ours, theirs] of pairs) expect(ours).toBe(theirs);
      expect(leftToCli).toEqual([]);
    },
    CLI_TIMEOUT_MS,
  );

  it("GIVEN shapes the reader leaves to the CLI (a link in the change, a linked change, metadata naming another schema or skipping specs, a folder wrapping nested changes, a missing change, a change of more than 10,000 files, a name the CLI refuses, a project spec-driven schema) WHEN the status is read THEN each says why the CLI must answer", async () => {
    const cases: [string, string, (root: string) => void, RegExp][] = [
      [
        "link",
        "a",
        (root) => symlinkSync("/etc/hostname", join(root, "openspec/changes/a/design.md")),
        /design\.md is a symbolic link/,
      ],
      [
        "linked change",
        "b",
        (root) => symlinkSync(join(root, "openspec/changes/a"), join(root, "openspec/changes/b")),
        /not a plain folder/,
      ],
      [
        "other schema",
        "a",
        (root) => writeFiles(root, { "openspec/changes/a/.openspec.yaml": "schema: my-flow\n" }),
        /may set the schema/,
      ],
      [
        "skip specs",
        "a",
        (root) =>
          writeFiles(root, {
            "openspec/changes/a/.openspec.yaml": "schema: spec-driven\nskip_specs: true\n",
          }),
        /may set the schema or skip specs/,
      ],
      [
        "nested",
        "wrapper",
        (root) => writeFiles(root, { "openspec/changes/wrapper/inner/proposal.md": "# x\n" }),
        /wraps nested changes/,
      ],
      ["missing", "nowhere", () => {}, /not a plain folder/],
      [
        "too many files",
        "a",
        (root) =>
          writeFiles(
            root,
            Object.fromEntries(
              Array.from({ length: 10_001 }, (_, i) => [`openspec/changes/a/notes/${i}.md`, ""]),
            ),
          ),
        /too many files/,
      ],
      ["archive", "archive", () => {}, /refusal/],
      [
        "project schema",
        "a",
        (root) =>
          writeFiles(root, { "openspec/schemas/spec-driven/schema.yaml": "name: spec-driven\n" }),
        /its own spec-driven schema/,
      ],
    ];
    for (const [label, change, shape, reason] of cases) {
      const root = makeOpenSpecRepository(
        { "openspec/changes/a/proposal.md": "# a\n" },
        label.replace(" ", "-"),
      );
      shape(root);
      const ours = await native(root, change);
      expect("needsCli" in ours ? ours.needsCli : "answered", label).toMatch(reason);
    }
  });
});
