import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const ENTRY = new URL("../dist/index.js", import.meta.url).href;
const made: string[] = [];

afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Makes a repository in a process of its own whose temporary folder is `temporary`; answers the repository's root. */
function repositoryFromProcess(temporary: string): Promise<string> {
  const script = `const { makeOpenSpecRepository } = await import(${JSON.stringify(ENTRY)}); console.log(makeOpenSpecRepository({ "openspec/specs/auth/spec.md": "# auth\\n" }));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      env: { ...process.env, TMPDIR: temporary },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      err += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(out.trim()) : reject(new Error(`exit ${code}: ${err}`)),
    );
  });
}

describe("makeOpenSpecRepository's template", () => {
  it("GIVEN no template yet WHEN three processes make repositories at once THEN each gets a whole copy of openspec init, one template is kept for the CLI's version, and nothing half-made is left", async () => {
    const temporary = mkdtempSync(join(tmpdir(), "kit-"));
    made.push(temporary);
    const roots = await Promise.all([1, 2, 3].map(() => repositoryFromProcess(temporary)));
    for (const root of roots) {
      expect(root.startsWith(temporary)).toBe(true);
      expect(readFileSync(join(root, "openspec", "config.yaml"), "utf8")).toContain("schema:");
      expect(existsSync(join(root, "openspec", "changes", "archive"))).toBe(true);
      expect(readFileSync(join(root, "openspec", "specs", "auth", "spec.md"), "utf8")).toBe(
        "# auth\n",
      );
    }
    const shared = join(temporary, `openspec-agent-test-template-${process.getuid?.() ?? "user"}`);
    const { version } = JSON.parse(
      readFileSync(
        new URL("../node_modules/@fission-ai/openspec/package.json", import.meta.url),
        "utf8",
      ),
    );
    expect(readdirSync(shared)).toEqual([`openspec-${version}`]);
    // The files a test writes go to its copy, never into the template.
    expect(
      existsSync(join(shared, `openspec-${version}`, "repo", "openspec", "specs", "auth")),
    ).toBe(false);
    // A later process copies the kept template.
    const later = await repositoryFromProcess(temporary);
    expect(existsSync(join(later, "openspec", "config.yaml"))).toBe(true);
    expect(readdirSync(shared)).toEqual([`openspec-${version}`]);
  });
});
