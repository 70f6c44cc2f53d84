import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { writeFileAtomicAt } from "./write-file-atomic-at.js";

afterEach(removeTemporaryFolders);

describe("writeFileAtomicAt: one atomic writer for files outside a repository", () => {
  it("GIVEN a folder WHEN a file is written into it THEN it holds the content and no temporary file is left", () => {
    const folder = temporaryFolder("atomic-at-");
    const path = join(folder, "config.yaml");
    expect(writeFileAtomicAt(path, "a: 1\n", { overwrite: true })).toEqual({
      ok: true,
      overwritten: false,
    });
    expect(readFileSync(path, "utf8")).toBe("a: 1\n");
    expect(readdirSync(folder)).toEqual(["config.yaml"]);
  });

  it("GIVEN an existing file WHEN written without overwrite THEN it answers exists and the file is unchanged", () => {
    const folder = temporaryFolder("atomic-at-");
    const path = join(folder, "config.yaml");
    writeFileSync(path, "mine\n");
    expect(writeFileAtomicAt(path, "theirs\n", { overwrite: false })).toMatchObject({
      ok: false,
      reason: "exists",
    });
    expect(readFileSync(path, "utf8")).toBe("mine\n");
    expect(readdirSync(folder)).toEqual(["config.yaml"]);
  });

  it("GIVEN a private file (0600) WHEN it is replaced THEN the new content keeps 0600 instead of turning world-readable", () => {
    const folder = temporaryFolder("atomic-at-");
    const path = join(folder, "config.yaml");
    writeFileSync(path, "secret: 1\n");
    chmodSync(path, 0o600);
    expect(writeFileAtomicAt(path, "secret: 2\n", { overwrite: true })).toEqual({
      ok: true,
      overwritten: true,
    });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, "utf8")).toBe("secret: 2\n");
  });

  it("GIVEN a folder that does not exist WHEN a file is written into it THEN it answers io without throwing", () => {
    const path = join(temporaryFolder("atomic-at-"), "missing", "config.yaml");
    const written = writeFileAtomicAt(path, "a: 1\n", { overwrite: true });
    expect(written).toMatchObject({ ok: false, reason: "io" });
    if (!written.ok) expect(written.error).toContain(path);
  });

  it("GIVEN many writes into one folder WHEN they follow each other THEN the last content is there and no temporary file stays", () => {
    const folder = temporaryFolder("atomic-at-");
    const path = join(folder, "config.yaml");
    for (let round = 0; round < 20; round += 1) {
      expect(writeFileAtomicAt(path, `round: ${round}\n`, { overwrite: true }).ok).toBe(true);
    }
    expect(readdirSync(folder)).toEqual(["config.yaml"]);
    expect(readFileSync(path, "utf8")).toBe("round: 19\n");
  });
});
