import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  utimesSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
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
import { cliListingText, listLikeCli } from "./list-like-cli.js";

afterAll(removeTemporaryFolders);

/** One CLI start costs about a second, several on a loaded machine; each listing here runs three. */
const CLI_TIMEOUT_MS = 300_000;
const projectRoot = join(dirname(fileURLToPath(import.meta.url)), "../../../..");
const parityCorpus = join(projectRoot, "packages/spec-parser/src/test-support/corpus");
const { env } = isolatedEnvironment();

const LISTINGS = [
  { kind: "changes", sort: "recent", args: ["list", "--json"] },
  { kind: "changes", sort: "name", args: ["list", "--json", "--sort", "name"] },
  { kind: "specs", sort: "recent", args: ["list", "--json", "--specs"] },
] as const;

async function native(root: string, listing: (typeof LISTINGS)[number]) {
  const opened = openRepository(root, { searchUpward: false });
  if (!opened.ok) throw new Error(opened.error);
  return listLikeCli(opened.repository, { kind: listing.kind, sort: listing.sort, env });
}

/** Each listing of `root`, natively and by the CLI, as [ours, theirs] byte strings. */
async function bothListings(root: string): Promise<[string, string][]> {
  const pairs: [string, string][] = [];
  for (const listing of LISTINGS) {
    const ours = await native(root, listing);
    const cli = await runRealOpenSpec(root, [...listing.args]);
    expect(cli.status, cli.stderr).toBe(0);
    pairs.push([
      "needsCli" in ours ? `needs the CLI: ${ours.needsCli}` : cliListingText(ours),
      cli.stdout,
    ]);
  }
  return pairs;
}

function expectIdentical(pairs: [string, string][]) {
  for (const [ours, theirs] of pairs) expect(ours).toBe(theirs);
}

/** Copies a tree of `.txt`-suffixed corpus files (kept so no formatter rewrites them) without the suffix. */
function copyCorpus(from: string, to: string) {
  for (const entry of readdirSync(from, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".txt")) continue;
    const source = join(entry.parentPath, entry.name);
    const target = join(to, source.slice(from.length).replace(/\.txt$/, ""));
    mkdirSync(dirname(target), { recursive: true });
    cpSync(source, target);
  }
}

const TASK_SHAPES = [
  "## 1. Work\n\n- [x] 1.1 Design it\n- [ ] 1.2 Build it\n",
  "- [x] done\n- [X] also done\n",
  "\uFEFF- [ ] after a byte order mark\r\n- [x] with CRLF\r\n",
  "- [~] in progress\n- [] empty box\n- [ x ] padded\n+ [ ] plus\n1. [ ] ordered\n2) [x] paren\n",
  "- [Some doc](./doc.md)\n- [A](https://example.com)\n- [ ](link)\n- [WIP] not a task\n",
  "```\n- [ ] fenced but counted\n```\n  - [ ] nested\n\t- [x] tabbed\n",
  "- [ ] lone\rcarriage return\n# - [ ] heading\n- [1] digit\n",
  "no tasks at all\n",
  "",
];

describe("openspec list answered from the files, against the CLI", () => {
  it(
    "GIVEN Fission-AI/OpenSpec's own openspec/ WHEN its changes (by recent and by name) and specs are listed THEN the bytes equal `openspec list --json`",
    async () => {
      const root = join(temporaryFolder("fission-"), "openspec-repo");
      cpSync(fissionOpenSpecFixture, root, { recursive: true });
      expectIdentical(await bothListings(root));
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "GIVEN a repository keeping a copy of the spec-driven schema whose instructions only are its own WHEN listed THEN the files answer, with the CLI's bytes; a copy that tracks another tasks file, or one linked from outside the repository, is left to the CLI",
    async () => {
      const root = makeOpenSpecRepository({
        "openspec/schemas/spec-driven/schema.yaml": rewordedBuiltinSchema(),
        "openspec/changes/a/tasks.md": "- [x] a\n- [ ] b\n",
        "openspec/changes/b/proposal.md": "# b\n",
        "openspec/specs/auth/spec.md":
          "# auth\n\n## Purpose\nSign in.\n\n## Requirements\n### Requirement: R\nThe system SHALL r.\n",
      });
      const pairs = await bothListings(root);
      expect(pairs.map(([ours]) => ours)).not.toContainEqual(
        expect.stringMatching(/needs the CLI/),
      );
      expectIdentical(pairs);

      writeFiles(root, {
        "openspec/schemas/spec-driven/schema.yaml": rewordedBuiltinSchema((text) =>
          text
            .replace("  tracks: tasks.md", "  tracks: todo.md")
            .replace("generates: tasks.md", "generates: todo.md"),
        ),
      });
      const changed = await native(root, LISTINGS[0]);
      expect("needsCli" in changed && changed.needsCli).toMatch(/its own spec-driven schema/);

      // The same words in a folder linked from outside the repository are not read.
      const outside = temporaryFolder("schema-");
      writeFiles(outside, { "schema.yaml": rewordedBuiltinSchema() });
      rmSync(join(root, "openspec/schemas/spec-driven"), { recursive: true });
      symlinkSync(outside, join(root, "openspec/schemas/spec-driven"));
      const linked = await native(root, LISTINGS[0]);
      expect("needsCli" in linked && linked.needsCli).toMatch(/its own spec-driven schema/);
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "GIVEN the spec-parser's parity corpus and this project's own specs and changes WHEN listed THEN the bytes equal the CLI's",
    async () => {
      const root = makeOpenSpecRepository();
      copyCorpus(parityCorpus, join(root, "openspec"));
      cpSync(join(projectRoot, "openspec", "specs"), join(root, "openspec", "specs", "own"), {
        recursive: true,
      });
      cpSync(join(projectRoot, "openspec", "changes"), join(root, "openspec", "changes"), {
        recursive: true,
      });
      expectIdentical(await bothListings(root));
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "GIVEN a generated repository of 300 changes (some archived, tied and spread times, names the locale orders) and 150 specs WHEN listed THEN the bytes equal the CLI's",
    async () => {
      const files: Record<string, string> = {};
      const names: string[] = [];
      for (let i = 0; i < 300; i += 1) {
        const name = [`change-${i}`, `Change-${i}`, `ändern-${i}`, `_draft-${i}`, `z${i}`][i % 5]!;
        names.push(name);
        files[`openspec/changes/${name}/proposal.md`] = `# ${name}\n\n## Why\n\nBecause.\n`;
        if (i % 7 !== 0)
          files[`openspec/changes/${name}/tasks.md`] = TASK_SHAPES[i % TASK_SHAPES.length]!;
        if (i % 3 === 0) {
          files[`openspec/changes/${name}/specs/area-${i}/spec.md`] =
            "## ADDED Requirements\n\n### Requirement: X\nThe system SHALL x.\n";
        }
        if (i % 10 === 0)
          files[`openspec/changes/archive/2025-01-01-${name}/tasks.md`] = "- [ ] old\n";
      }
      for (let i = 0; i < 150; i += 1) {
        const requirements = Array.from(
          { length: i % 4 },
          (_, r) =>
            `### Requirement: R${r}\nThe system SHALL do ${r}.\n\n#### Scenario: S\n- **WHEN** x\n- **THEN** y\n`,
        ).join("\n");
        const id = i % 10 === 0 ? `Area/cap-${i}` : `cap-${i}`;
        files[`openspec/specs/${id}/spec.md`] =
          `# cap ${i}\n\n## Purpose\n${i % 9 === 0 ? "" : "Describe it well enough to test.\n"}\n## Requirements\n${requirements}`;
      }
      const root = makeOpenSpecRepository(files);
      // Spread times, and ties that only the folder order breaks.
      names.forEach((name, i) => {
        const seconds = 1_700_000_000 + (i % 50) * 60;
        for (const file of ["proposal.md", "tasks.md"]) {
          try {
            utimesSync(join(root, "openspec/changes", name, file), seconds, seconds);
          } catch {
            // Not every change has a tasks.md.
          }
        }
      });
      expectIdentical(await bothListings(root));
    },
    CLI_TIMEOUT_MS,
  );

  it(
    "GIVEN hostile shapes (no tasks.md, empty folders, folders wrapping nested changes, a dot-named folder, tasks.md as a folder, a FIFO, metadata on the built-in schema or not YAML, a file among the changes) WHEN listed THEN the bytes equal the CLI's",
    async () => {
      const root = makeOpenSpecRepository({
        "openspec/changes/no-tasks/proposal.md": "# No tasks\n",
        "openspec/changes/stray-file.md": "not a change\n",
        "openspec/changes/.hidden-change/tasks.md": "- [x] one\n",
        "openspec/changes/wrapper/mobile/refresh-token/proposal.md": "# nested\n",
        "openspec/changes/wrapper/mobile/ios/deep/tasks.md": "- [ ] deep\n",
        "openspec/changes/wrapper/web/specs/auth/spec.md": "## ADDED Requirements\n",
        "openspec/changes/wrapper-with-note/README.md": "a note\n",
        "openspec/changes/wrapper-with-note/inner/proposal.md": "# inner\n",
        "openspec/changes/dotted-wrapper/.inner/proposal.md": "# hidden\n",
        "openspec/changes/specs-only/specs/.gitkeep": "",
        "openspec/changes/with-metadata/.openspec.yaml":
          "schema: spec-driven\ncreated: 2026-01-02\n",
        "openspec/changes/with-metadata/tasks.md": "- [ ] a\n- [x] b\n",
        "openspec/changes/quoted-metadata/.openspec.yaml": "schema: 'spec-driven'  # a comment\n",
        "openspec/changes/broken-metadata/.openspec.yaml": "schema: [unclosed\n",
        "openspec/changes/broken-metadata/tasks.md": "- [x] a\n",
        "openspec/changes/tasks-folder/tasks.md/inner.md": "- [ ] not counted\n",
        "openspec/specs/.hidden/spec.md": "# hidden\n",
        "openspec/specs/spec.md": "# at the root, ignored\n",
        "openspec/specs/notes/readme.md": "no spec here\n",
      });
      mkdirSync(join(root, "openspec/changes/empty"));
      mkdirSync(join(root, "openspec/changes/only-folders/a/b"), { recursive: true });
      const fifo = spawnSync("mkfifo", [join(root, "openspec/changes/no-tasks/pipe")]);
      expect(fifo.status).toBe(0);
      expectIdentical(await bothListings(root));
    },
    CLI_TIMEOUT_MS,
  );

  it("GIVEN shapes the reader leaves to the CLI (a link in a change, a linked spec.md, another schema in config or metadata, metadata of hundreds of keys, a project spec-driven schema, a store) WHEN listed THEN each says why the CLI must answer", async () => {
    const cases: [string, (root: string) => void, RegExp][] = [
      [
        "link",
        (root) => symlinkSync("/etc/hostname", join(root, "openspec/changes/a/notes.md")),
        /symbolic link/,
      ],
      [
        "linked spec",
        (root) => {
          mkdirSync(join(root, "openspec/specs/auth"));
          symlinkSync("/etc/hostname", join(root, "openspec/specs/auth/spec.md"));
        },
        /symbolic link/,
      ],
      [
        "config schema",
        (root) => writeFiles(root, { "openspec/config.yaml": "schema: my-flow\n" }),
        /config\.yaml uses the schema "my-flow"/,
      ],
      [
        "metadata schema",
        (root) => writeFiles(root, { "openspec/changes/a/.openspec.yaml": "schema: my-flow\n" }),
        /uses the schema "my-flow"/,
      ],
      [
        "project schema",
        (root) =>
          writeFiles(root, { "openspec/schemas/spec-driven/schema.yaml": "name: spec-driven\n" }),
        /its own spec-driven schema/,
      ],
      [
        "metadata of more keys than a person writes",
        (root) =>
          writeFiles(root, {
            "openspec/changes/a/.openspec.yaml": `schema: spec-driven\n${Array.from(
              { length: 500 },
              (_, i) => `note${i}: x\n`,
            ).join("")}`,
          }),
        /\.openspec\.yaml could not be read here/,
      ],
      [
        "store",
        (root) => {
          renameSync(join(root, "openspec/specs"), join(root, "elsewhere"));
          writeFiles(root, { "openspec/changes/.openspec-store/store.yaml": "id: team\n" });
        },
        /holds a store/,
      ],
    ];
    for (const [label, shape, reason] of cases) {
      const root = makeOpenSpecRepository(
        { "openspec/changes/a/tasks.md": "- [ ] a\n" },
        label.replace(" ", "-"),
      );
      shape(root);
      const kind = label === "linked spec" ? LISTINGS[2] : LISTINGS[0];
      const ours = await native(root, kind);
      expect("needsCli" in ours ? ours.needsCli : "answered", label).toMatch(reason);
    }
  });
});
