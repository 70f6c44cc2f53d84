import { spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { optionalHermesToolsets } from "./optional-toolsets-off.js";

afterEach(removeTemporaryFolders);

/** The files of the plugin folder the installer puts in place, beside skills/ and bridge.json. */
const PLUGIN_FILES = ["plugin.yaml", "__init__.py", "bridge.py", "tools.json"];

const USER_CONFIG = "# mine\nmodel: x\nplugins:\n  enabled:\n    - weather\n";
const ROUNDS = 15;

/**
 * Another process that runs the built installer `rounds` times into one Hermes
 * home (install, or install then uninstall) and prints every result as a JSON line.
 */
function installerProcess(hermesHome: string, rounds: number, uninstallToo: boolean) {
  const script = `
    const { installHermesPlugin, uninstallHermesPlugin } = await import(process.argv[1]);
    for (let round = 0; round < ${rounds}; round += 1) {
      console.log(JSON.stringify(installHermesPlugin({ hermesHome: process.argv[2] })));
      ${uninstallToo ? "console.log(JSON.stringify(uninstallHermesPlugin({ hermesHome: process.argv[2] })));" : ""}
    }`;
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      script,
      join(import.meta.dirname, "..", "dist", "index.js"),
      hermesHome,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  return new Promise<unknown[]>((resolve, reject) =>
    child.on("exit", (code) =>
      code === 0
        ? resolve(
            stdout
              .trim()
              .split("\n")
              .map((line) => JSON.parse(line)),
          )
        : reject(new Error(`installer process exited ${code}: ${stderr}`)),
    ),
  );
}

/** Reads config.yaml over and over until `done` settles; returns every distinct text seen. */
async function watchConfig(path: string, done: Promise<unknown>): Promise<Set<string>> {
  const seen = new Set<string>();
  let finished = false;
  done.finally(() => {
    finished = true;
  });
  while (!finished) {
    seen.add(readFileSync(path, "utf8"));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return seen;
}

/** What may be left in a Hermes home: the config and the plugins folder, nothing staged or temporary. */
function leftovers(hermesHome: string): string[] {
  const names = [
    ...readdirSync(hermesHome).map((name) => name),
    ...readdirSync(join(hermesHome, "plugins")).map((name) => `plugins/${name}`),
  ];
  return names.filter((name) => !["config.yaml", "plugins", "plugins/openspec"].includes(name));
}

describe("installs racing into one Hermes home", () => {
  it("GIVEN two processes installing and uninstalling into one home at once WHEN a reader watches config.yaml THEN every version it reads is whole YAML that keeps the user's settings, every run answers ok, and no temporary file is left", async () => {
    const hermesHome = temporaryFolder("hermes-home-");
    const config = join(hermesHome, "config.yaml");
    writeFileSync(config, USER_CONFIG);
    const racing = Promise.all([
      installerProcess(hermesHome, ROUNDS, true),
      installerProcess(hermesHome, ROUNDS, true),
    ]);
    const seen = await watchConfig(config, racing);
    const results = (await racing).flat();

    expect(results).toHaveLength(4 * ROUNDS);
    expect(results.filter((result) => (result as { ok: boolean }).ok !== true)).toEqual([]);
    // Both the enabled and the emptied version were read while the writers raced.
    expect(seen.size).toBeGreaterThan(1);
    for (const text of seen) {
      expect(text.startsWith("# mine\n")).toBe(true);
      expect(parse(text)).toMatchObject({ model: "x", plugins: { enabled: expect.any(Array) } });
      expect(parse(text).plugins.enabled).toContain("weather");
    }
    expect(leftovers(hermesHome)).toEqual([]);
  });

  it("GIVEN two processes installing into one home at once WHEN both finish THEN both answered ok, one whole plugin folder is in place and nothing staged or moved aside is left", async () => {
    const hermesHome = temporaryFolder("hermes-home-");
    const results = (
      await Promise.all([
        installerProcess(hermesHome, ROUNDS, false),
        installerProcess(hermesHome, ROUNDS, false),
      ])
    ).flat();
    expect(results.filter((result) => (result as { ok: boolean }).ok !== true)).toEqual([]);
    expect(readdirSync(join(hermesHome, "plugins", "openspec")).sort()).toEqual(
      [...PLUGIN_FILES, "skills", "bridge.json"].sort(),
    );
    expect(parse(readFileSync(join(hermesHome, "config.yaml"), "utf8"))).toEqual({
      plugins: { enabled: ["openspec"] },
      known_plugin_toolsets: { cli: [...optionalHermesToolsets] },
    });
    expect(leftovers(hermesHome)).toEqual([]);
  });
});
