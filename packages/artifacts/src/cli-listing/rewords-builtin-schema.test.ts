import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { rewordedBuiltinSchema } from "../test-support/reworded-builtin-schema.js";
import { rewordsBuiltinSchema } from "./rewords-builtin-schema.js";

// A machine without /proc, as macOS is: the kernel cannot be asked where an opened file is.
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const readlinkSync = ((path: string, ...rest: unknown[]) => {
    if (String(path).startsWith("/proc/")) {
      throw Object.assign(new Error(`ENOENT: ${path}`), { code: "ENOENT" });
    }
    return (fs.readlinkSync as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof fs.readlinkSync;
  return { ...fs, readlinkSync, default: { ...fs, readlinkSync } };
});

const made: string[] = [];
afterAll(() => {
  for (const folder of made) rmSync(folder, { recursive: true, force: true });
});

function folder(prefix: string): string {
  const path = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  made.push(path);
  return path;
}

describe("rewordsBuiltinSchema on a machine without /proc", () => {
  it("GIVEN a reworded copy of spec-driven in a schemas folder linked from outside the repository WHEN it is checked THEN it is not read, while the same copy inside the repository is", () => {
    const repository = folder("repository-");
    const outside = folder("outside-");
    const openspecDir = join(repository, "openspec");
    const inside = (real: string) => real.startsWith(`${openspecDir}${sep}`);
    writeFileSync(join(outside, "schema.yaml"), rewordedBuiltinSchema());
    mkdirSync(join(openspecDir, "schemas"), { recursive: true });
    symlinkSync(outside, join(openspecDir, "schemas", "spec-driven"));
    expect(rewordsBuiltinSchema(join(openspecDir, "schemas/spec-driven/schema.yaml"), inside)).toBe(
      false,
    );

    rmSync(join(openspecDir, "schemas", "spec-driven"));
    mkdirSync(join(openspecDir, "schemas", "spec-driven"));
    writeFileSync(join(openspecDir, "schemas/spec-driven/schema.yaml"), rewordedBuiltinSchema());
    expect(rewordsBuiltinSchema(join(openspecDir, "schemas/spec-driven/schema.yaml"), inside)).toBe(
      true,
    );
  });
});
