import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { makeOpenSpecRepository, removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { openRepository, type Repository } from "./open-repository.js";
import { DELTA, PROPOSAL } from "./test-support/change-artifact-samples.js";
import { writeChangeArtifact } from "./write-change-artifact.js";

afterEach(removeTemporaryFolders);

const CHANGE = "openspec/changes/add-login";

function repositoryWith(files: Record<string, string> = {}): {
  root: string;
  repository: Repository;
} {
  const root = makeOpenSpecRepository({ [`${CHANGE}/proposal.md`]: PROPOSAL, ...files });
  const opened = openRepository(root);
  if (!opened.ok) throw new Error(opened.error);
  return { root, repository: opened.repository };
}

/** Writes the sample delta into add-login as the fields say. */
function writeDelta(
  repository: Repository,
  fields: Omit<Parameters<typeof writeChangeArtifact>[1], "change" | "content">,
) {
  return writeChangeArtifact(repository, { change: "add-login", content: DELTA, ...fields });
}

describe("writeChangeArtifact", () => {
  it("GIVEN a change without design WHEN the design is written THEN it is created byte for byte, CRLF kept", async () => {
    const { root, repository } = repositoryWith();
    const design = "# Design\r\n\r\n## Decisions\r\n- Sessions live in a cookie\r\n";
    const written = await writeChangeArtifact(repository, {
      change: "add-login",
      artifact: "design",
      content: design,
    });
    expect(written).toEqual({
      ok: true,
      change: "add-login",
      artifact: "design",
      path: `${CHANGE}/design.md`,
      created: true,
      bytes: Buffer.byteLength(design),
      warnings: [],
    });
    expect(readFileSync(join(root, CHANGE, "design.md"), "utf8")).toBe(design);
  });

  it("GIVEN an existing proposal WHEN it is written without force THEN artifact_exists and the file is unchanged; with force it is replaced", async () => {
    const { root, repository } = repositoryWith();
    const replacement = PROPOSAL.replace("a login form", "a login form and a logout link");
    const refused = await writeChangeArtifact(repository, {
      change: "add-login",
      artifact: "proposal",
      content: replacement,
    });
    expect(refused).toMatchObject({ ok: false, code: "artifact_exists" });
    expect(refused.ok ? "" : refused.fix).toMatch(/force/);
    expect(readFileSync(join(root, CHANGE, "proposal.md"), "utf8")).toBe(PROPOSAL);
    const forced = await writeChangeArtifact(repository, {
      change: "add-login",
      artifact: "proposal",
      content: replacement,
      force: true,
    });
    expect(forced).toMatchObject({ ok: true, created: false, warnings: [] });
    expect(readFileSync(join(root, CHANGE, "proposal.md"), "utf8")).toBe(replacement);
  });

  it.each([
    [
      "a nested delta spec",
      { artifact: "spec", spec: "platform/auth" },
      "specs/platform/auth/spec.md",
    ],
    // Another artifact of the change's own schema, in the file its schema generates.
    ["a schema artifact in a folder", { artifact: "api", output: "api/v1.yaml" }, "api/v1.yaml"],
  ] as const)(
    "GIVEN %s WHEN it is written THEN its folders are made inside the change and the file holds the content",
    async (_, fields, file) => {
      const { root, repository } = repositoryWith();
      const written = await writeDelta(repository, fields);
      expect(written).toMatchObject({
        ok: true,
        artifact: fields.artifact,
        path: `${CHANGE}/${file}`,
        created: true,
        warnings: [],
      });
      expect(readFileSync(join(root, CHANGE, file), "utf8")).toBe(DELTA);
    },
  );

  it.each([
    ["a spec id that climbs", { artifact: "spec", spec: "../../specs/auth" }, "invalid_name"],
    ["an absolute spec id", { artifact: "spec", spec: "/etc/auth" }, "invalid_name"],
    ["a spec id with a NUL", { artifact: "spec", spec: "au\u0000th" }, "invalid_name"],
    ["a spec artifact without its id", { artifact: "spec" }, "invalid_input"],
    ["a spec id beside a proposal", { artifact: "proposal", spec: "auth" }, "invalid_input"],
    ["a schema artifact without its file", { artifact: "adr" }, "invalid_input"],
    ["a schema file that climbs", { artifact: "adr", output: "../adr.md" }, "invalid_input"],
    ["an absolute schema file", { artifact: "adr", output: "/etc/adr.md" }, "invalid_input"],
    ["a schema file pattern", { artifact: "adr", output: "adr/*.md" }, "invalid_input"],
    ["a file beside a known artifact", { artifact: "design", output: "x.md" }, "invalid_input"],
  ] as const)("GIVEN %s THEN it is refused and nothing is written", async (_, fields, code) => {
    const { root, repository } = repositoryWith();
    const before = readdirSync(join(root, CHANGE));
    const result = await writeDelta(repository, fields);
    expect(result).toMatchObject({ ok: false, code });
    expect(readdirSync(join(root, CHANGE))).toEqual(before);
  });

  it.each([
    ["..", "invalid_name"],
    ["archive", "invalid_name"],
    ["-rf", "invalid_name"],
    ["a/b", "invalid_name"],
    ["missing", "change_not_found"],
  ])("GIVEN the change name %s THEN it is refused", async (change, code) => {
    const { repository } = repositoryWith();
    const result = await writeChangeArtifact(repository, {
      change,
      artifact: "design",
      content: "# Design\n",
    });
    expect(result).toMatchObject({ ok: false, code });
  });

  it("GIVEN only an archived change of that name WHEN it is written THEN change_not_found names the archive and nothing is written", async () => {
    const archived = "openspec/changes/archive/2025-01-02-add-search";
    const { root, repository } = repositoryWith({ [`${archived}/proposal.md`]: PROPOSAL });
    const result = await writeChangeArtifact(repository, {
      change: "add-search",
      artifact: "design",
      content: "# Design\n",
    });
    expect(result).toMatchObject({ ok: false, code: "change_not_found" });
    expect(result.ok ? "" : result.error).toContain("archive/2025-01-02-add-search");
    expect(existsSync(join(root, archived, "design.md"))).toBe(false);
  });

  it("GIVEN a change folder symlinked out of the repository WHEN written THEN path_outside_repository and the outside stays empty", async () => {
    const { root, repository } = repositoryWith();
    const elsewhere = temporaryFolder("elsewhere-");
    symlinkSync(elsewhere, join(root, "openspec/changes/escape"));
    const result = await writeChangeArtifact(repository, {
      change: "escape",
      artifact: "tasks",
      content: "- [ ] 1.1 Leak\n",
    });
    expect(result).toMatchObject({ ok: false, code: "path_outside_repository" });
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it("GIVEN a change's specs folder linked to the baseline specs WHEN a delta spec is written THEN it is refused and the baseline gets nothing", async () => {
    const { root, repository } = repositoryWith();
    symlinkSync(join(root, "openspec/specs"), join(root, CHANGE, "specs"));
    const before = readdirSync(join(root, "openspec/specs"));
    const result = await writeChangeArtifact(repository, {
      change: "add-login",
      artifact: "spec",
      spec: "auth",
      content: DELTA,
    });
    expect(result).toMatchObject({ ok: false, code: "path_outside_repository" });
    expect(readdirSync(join(root, "openspec/specs"))).toEqual(before);
  });

  it("GIVEN design.md is a symlink out of the repository WHEN written with force THEN it is refused and the target is untouched", async () => {
    const { root, repository } = repositoryWith();
    const target = join(temporaryFolder("target-"), "secret.md");
    symlinkSync(target, join(root, CHANGE, "design.md"));
    const result = await writeChangeArtifact(repository, {
      change: "add-login",
      artifact: "design",
      content: "# Design\n",
      force: true,
    });
    expect(result).toMatchObject({ ok: false, code: "path_outside_repository" });
    expect(existsSync(target)).toBe(false);
  });

  it("GIVEN content larger than the cap THEN file_too_large and nothing is written", async () => {
    const { root, repository } = repositoryWith();
    const result = await writeChangeArtifact(repository, {
      change: "add-login",
      artifact: "design",
      content: "x".repeat(2000),
      maxBytes: 1000,
    });
    expect(result).toMatchObject({ ok: false, code: "file_too_large" });
    expect(existsSync(join(root, CHANGE, "design.md"))).toBe(false);
  });

  it("GIVEN a folder where tasks.md should be THEN not_a_regular_file", async () => {
    const { root, repository } = repositoryWith();
    mkdirSync(join(root, CHANGE, "tasks.md"));
    const result = await writeChangeArtifact(repository, {
      change: "add-login",
      artifact: "tasks",
      content: "- [ ] 1.1 Do\n",
      force: true,
    });
    expect(result).toMatchObject({ ok: false, code: "not_a_regular_file" });
  });
});

describe("writeChangeArtifact and task ticks from other processes", () => {
  it("GIVEN tasks.md rewritten while another process ticks WHEN both finish THEN the file derives from the last write, and a tick made after it is kept", async () => {
    const old = "## 1. Work\n- [ ] 1.1 Old task\n- [ ] 1.2 Old other\n";
    const { root, repository } = repositoryWith({ [`${CHANGE}/tasks.md`]: old });
    const worker = join(import.meta.dirname, "test-support", "tick-task.mjs");
    const run = promisify(execFile);
    const fresh = "## 1. Work\r\n- [ ] 1.1 New task\r\n- [ ] 1.2 New other\r\n";
    const rewrite = (content: string) =>
      writeChangeArtifact(repository, {
        change: "add-login",
        artifact: "tasks",
        content,
        force: true,
      });
    for (let round = 0; round < 8; round++) {
      expect(await rewrite(old)).toMatchObject({ ok: true });
      const [ticked, written] = await Promise.all([
        run(process.execPath, [worker, root, "add-login", "1.2", "true"]),
        // Staggered, so some writes land before the tick and some after.
        new Promise((resolve) => setTimeout(resolve, round * 25)).then(() => rewrite(fresh)),
      ]);
      expect(written).toMatchObject({ ok: true });
      const tick = JSON.parse(ticked.stdout) as { ok: boolean; tasks: { text: string }[] };
      expect(tick.ok).toBe(true);
      const after = readFileSync(join(root, CHANGE, "tasks.md"), "utf8");
      // The tick saw the new text only if it ran after the write: then its tick must be in the file.
      const tickedNew = tick.tasks.some((task) => task.text.includes("New"));
      const expected = tickedNew ? fresh.replace("- [ ] 1.2", "- [x] 1.2") : fresh;
      expect(after).toBe(expected);
    }
  });
});
