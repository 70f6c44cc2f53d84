import { execFileSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { useTempDirs } from "./test-support/temp-dir.js";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
// The package exports no ./package.json; its main entry sits next to the bin script.
const drizzleKit = join(dirname(createRequire(import.meta.url).resolve("drizzle-kit")), "bin.cjs");

function snapshotOf(folder: string): Record<string, string> {
  const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) =>
    entry.isFile(),
  );
  return Object.fromEntries(
    files.map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return [relative(folder, path), readFileSync(path, "utf8")];
    }),
  );
}

describe("src/schema.ts and the committed drizzle/ migrations", () => {
  const tempDir = useTempDirs();

  it("GIVEN the committed migrations WHEN drizzle-kit generates from the schema into a copy THEN nothing changes (else run pnpm db:generate)", () => {
    const copy = join(tempDir(), "drizzle");
    cpSync(join(packageDir, "drizzle"), copy, { recursive: true });

    // drizzle-kit 0.31 prefixes --out with "./", so it has to be relative.
    execFileSync(
      process.execPath,
      [
        drizzleKit,
        "generate",
        "--dialect=sqlite",
        "--schema=./src/schema.ts",
        `--out=${relative(packageDir, copy)}`,
      ],
      { cwd: packageDir, stdio: "pipe", timeout: 60_000 },
    );

    expect(snapshotOf(copy)).toEqual(snapshotOf(join(packageDir, "drizzle")));
  });
});
