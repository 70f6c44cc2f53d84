import { cpSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  type CliRun,
  makeOpenSpecRepository,
  runRealOpenSpec,
  runRealOpenSpecCold,
} from "./real-openspec.js";
import { AUTH_SPEC, DARK_MODE_CHANGE } from "./samples.js";
import { removeTemporaryFolders, temporaryFolder } from "./temporary-folder.js";
import { warmOpenSpecStats } from "./warm-openspec.js";

afterAll(removeTemporaryFolders);

// What tests ask the CLI: answers in JSON and in text, refusals that exit 1
// and print compact JSON or write to stderr, and commands that write files.
const COMMANDS: string[][] = [
  ["list", "--json"],
  ["list", "--specs", "--json"],
  ["show", "add-dark-mode", "--type", "change", "--json"],
  ["show", "auth", "--type", "spec", "--json"],
  ["show", "no-such-item", "--json", "--no-interactive"],
  ["validate", "--all", "--strict", "--json", "--no-interactive"],
  ["validate", "auth", "--strict"],
  ["status", "--change", ".drafts", "--json"],
  ["status", "--change", "add-dark-mode", "--json"],
  ["list"],
  ["no-such-command"],
  ["new", "change", "add-export"],
  ["new", "change", "by-the-cli", "--json"],
  ["archive", "add-dark-mode", "--yes", "--json"],
  ["archive", "add-dark-mode", "--yes"],
];

/** Every file below `root` with its text, so a write can be compared as well as the answer. */
function filesBelow(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    // The archive folder is named after today's date, the same for both runs.
    files[path.slice(root.length)] = readFileSync(path, "utf8");
  }
  return files;
}

describe("the test kit's warm OpenSpec runs answer as cold runs do", () => {
  it("GIVEN two identical repositories with a change, a valid spec and a broken one WHEN each command runs cold in one and warm in the other THEN exit code, stdout and stderr are byte-identical, the files written are the same, and the runs were served warm", async () => {
    const cold = makeOpenSpecRepository({
      ...DARK_MODE_CHANGE,
      "openspec/specs/auth/spec.md": AUTH_SPEC,
      "openspec/specs/broken/spec.md": "# Broken\n",
    });
    // Same name in another folder: the answers name the repository's path. The
    // time validate measures per item is the one thing any two runs differ in.
    const warm = join(temporaryFolder("repos-"), "shop");
    cpSync(cold, warm, { recursive: true, preserveTimestamps: true });
    const inRepository = (run: CliRun, root: string): CliRun => ({
      status: run.status,
      stdout: run.stdout.replaceAll(root, "<repository>").replace(/"durationMs": \d+/g, "<ms>"),
      stderr: run.stderr.replaceAll(root, "<repository>"),
    });
    const before = await warmOpenSpecStats();

    for (const args of COMMANDS) {
      const coldRun = runRealOpenSpecCold(cold, args);
      const warmRun = await runRealOpenSpec(warm, args);
      expect(inRepository(warmRun, warm), args.join(" ")).toEqual(inRepository(coldRun, cold));
    }
    expect(filesBelow(warm)).toEqual(filesBelow(cold));

    const after = await warmOpenSpecStats();
    expect(after.warm - before.warm).toBeGreaterThanOrEqual(COMMANDS.length / 2);
    expect(after.fallbacks).toBe(before.fallbacks);
  });
});
