import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import {
  DARK_MODE_CHANGE,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  temporaryFolder,
  writeFiles,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { archiveName } from "./archive-name.js";
import { checkArchiveWrites } from "./check-archive-writes.js";
import { diffChangeSpecs } from "./diff-change-specs.js";
import { previewChangeArchive } from "./preview-change-archive.js";
import { archiveWithCli } from "./test-support/archive-with-cli.js";
import { openedRepository } from "./test-support/temp-repository.js";

afterEach(removeTemporaryFolders);

const CHANGE = "add-dark-mode";
const SESSION_DELTA =
  "## ADDED Requirements\n\n### Requirement: Session expiry\nThe system SHALL end a session after an hour.\n\n#### Scenario: Idle\n- **WHEN** an hour passes\n- **THEN** the session ends\n";

/** add-dark-mode (a ui delta and a platform/session delta, every task ticked) and a folder outside the repository. */
function shop() {
  const root = makeOpenSpecRepository({
    ...DARK_MODE_CHANGE,
    [`openspec/changes/${CHANGE}/tasks.md`]: "## 1. Theme\n\n- [x] 1.1 Pick colours\n",
    [`openspec/changes/${CHANGE}/specs/platform/session/spec.md`]: SESSION_DELTA,
  });
  const outside = temporaryFolder("outside-");
  writeFiles(outside, { "spec.md": "# Outside\n", "notes.md": "untouched\n" });
  return { root, outside, repository: openedRepository(root) };
}

type Trap = {
  what: string;
  lay: (root: string, outside: string) => void;
  /** The path the archive would write, and the symlink it would go through. */
  path: string;
  link: string;
};

const TRAPS: Trap[] = [
  {
    what: "openspec/specs/ui, a folder symlinked out",
    lay: (root, outside) => symlinkSync(outside, join(root, "openspec/specs/ui")),
    path: "openspec/specs/ui/spec.md",
    link: "openspec/specs/ui",
  },
  {
    what: "openspec/specs/ui/spec.md, a file symlinked out",
    lay: (root, outside) => {
      mkdirSync(join(root, "openspec/specs/ui"));
      symlinkSync(join(outside, "spec.md"), join(root, "openspec/specs/ui/spec.md"));
    },
    path: "openspec/specs/ui/spec.md",
    link: "openspec/specs/ui/spec.md",
  },
  {
    what: "openspec/specs/ui, linked through a second symlink inside",
    lay: (root, outside) => {
      symlinkSync(outside, join(root, "hop"));
      symlinkSync(join(root, "hop"), join(root, "openspec/specs/ui"));
    },
    path: "openspec/specs/ui/spec.md",
    link: "openspec/specs/ui",
  },
  {
    what: "openspec/specs/ui, a dangling symlink",
    lay: (root, outside) => symlinkSync(join(outside, "gone"), join(root, "openspec/specs/ui")),
    path: "openspec/specs/ui/spec.md",
    link: "openspec/specs/ui",
  },
  {
    what: "openspec/specs/platform, the folder above platform/session, symlinked out",
    lay: (root, outside) => symlinkSync(outside, join(root, "openspec/specs/platform")),
    path: "openspec/specs/platform/session/spec.md",
    link: "openspec/specs/platform",
  },
  {
    what: "openspec/specs itself, symlinked out",
    lay: (root, outside) => {
      rmSync(join(root, "openspec/specs"), { recursive: true });
      symlinkSync(outside, join(root, "openspec/specs"));
    },
    path: "openspec/specs/platform/session/spec.md",
    link: "openspec/specs",
  },
  {
    what: "openspec/changes/archive, symlinked out",
    lay: (root, outside) => {
      rmSync(join(root, "openspec/changes/archive"), { recursive: true, force: true });
      symlinkSync(outside, join(root, "openspec/changes/archive"));
    },
    path: "openspec/changes/archive",
    link: "openspec/changes/archive",
  },
  {
    what: "the archive folder the change would move to, a dangling symlink out",
    lay: (root, outside) => {
      mkdirSync(join(root, "openspec/changes/archive"), { recursive: true });
      symlinkSync(
        join(outside, "moved-here"),
        join(root, "openspec/changes/archive", archiveName(CHANGE)),
      );
    },
    path: `openspec/changes/archive/${archiveName(CHANGE)}`,
    link: `openspec/changes/archive/${archiveName(CHANGE)}`,
  },
];

describe("checkArchiveWrites: every path openspec archive writes or moves stays inside", () => {
  it.each(TRAPS)(
    "GIVEN $what WHEN the archive, its preview and the spec diff are asked for THEN each refuses with path_outside_repository naming the path and the symlink",
    async ({ lay, path, link }) => {
      const { root, outside, repository } = shop();
      lay(root, outside);
      const refusal = {
        ok: false,
        code: "path_outside_repository",
        error: `${path} leads outside the repository through ${path === link ? "a symlink" : `the symlink ${link}`}.`,
        fix: expect.stringContaining(`Replace the symlink ${link}`),
        path,
      };
      expect(await checkArchiveWrites(repository, { change: CHANGE })).toEqual(refusal);
      expect(await previewChangeArchive(repository, { change: CHANGE })).toEqual(refusal);
      expect(await diffChangeSpecs(repository, { change: CHANGE, spec: "ui" })).toEqual(refusal);
    },
  );

  it("GIVEN openspec/specs/ui symlinked out WHEN the archive skips the specs THEN only the move is checked, and it stays inside", async () => {
    const { root, outside, repository } = shop();
    symlinkSync(outside, join(root, "openspec/specs/ui"));
    expect(await checkArchiveWrites(repository, { change: CHANGE, skipSpecs: true })).toBeNull();
  });

  it("GIVEN a plain repository WHEN checked THEN nothing is refused", async () => {
    const { repository } = shop();
    expect(await checkArchiveWrites(repository, { change: CHANGE })).toBeNull();
  });
});

describe("parity with the pinned OpenSpec CLI", () => {
  it("GIVEN openspec/specs/ui symlinked to a folder inside the repository WHEN checked and archived by the CLI THEN the check lets it through, and the CLI writes the spec into that folder", async () => {
    const { root, repository } = shop();
    mkdirSync(join(root, "shared/ui"), { recursive: true });
    symlinkSync(join(root, "shared/ui"), join(root, "openspec/specs/ui"));
    expect(await checkArchiveWrites(repository, { change: CHANGE })).toBeNull();
    expect(await previewChangeArchive(repository, { change: CHANGE })).toMatchObject({
      ok: true,
      would_archive: true,
    });
    const archived = await archiveWithCli(root, CHANGE);
    expect(archived).toMatchObject({ archived: true });
    expect(readFileSync(join(root, "shared/ui/spec.md"), "utf8")).toContain(
      "### Requirement: Dark theme",
    );
  });

  it.each([
    ["openspec/specs/ui", "ui"],
    ["openspec/specs/platform", "session"],
  ])(
    "GIVEN %s symlinked out WHEN the CLI archives on its own THEN it writes the spec outside: why the check runs before it",
    async (link, written) => {
      const { root } = shop();
      const elsewhere = temporaryFolder("elsewhere-");
      symlinkSync(elsewhere, join(root, link));
      const archived = await archiveWithCli(root, CHANGE);
      expect(archived).toMatchObject({ archived: true });
      const file = join(elsewhere, ...(written === "ui" ? [] : [written]), "spec.md");
      expect(readFileSync(file, "utf8")).toContain("## Requirements");
      expect(existsSync(join(root, "openspec/changes", CHANGE))).toBe(false);
    },
  );
});
