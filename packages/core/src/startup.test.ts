import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";

const STARTUP = new URL("../dist/startup.js", import.meta.url).href;
const HOOKS = new URL("./test-support/record-module-loads.mjs", import.meta.url).href;
/** What the context command never uses: loading any of these makes `openspec-agent context` start slower again. */
const NOT_FOR_CONTEXT =
  /\/core\/dist\/(tool-catalog|workflows\/|tools\/(?!context-tool|context-output|read-notices|lean-overview))|\/artifacts\/dist\/index\.js|\/spec-parser\/dist\/(index\.js|serialize\/)|remark|mdast-util-to-markdown|unified|\/cli-runner\/dist\/(index|run-openspec|create-openspec-locator)\.js|tinyexec/;

afterAll(removeTemporaryFolders);

describe("the startup entry a shell command loads", () => {
  it("GIVEN openspec-agent context WHEN its tool is loaded and called through a catalog of it alone THEN no other tool, no workflow, no artifacts index, no markdown writer and no CLI runner loads", () => {
    const home = temporaryFolder();
    const file = join(home, "loaded.txt");
    const script = [
      `import { register } from "node:module";`,
      `register(${JSON.stringify(HOOKS)}, { data: { file: ${JSON.stringify(file)} } });`,
      `const { loadShellCatalog, toolForCommand } = await import(${JSON.stringify(STARTUP)});`,
      `const { catalogOf } = await loadShellCatalog();`,
      `const tool = await toolForCommand(["context", "shop"]).load();`,
      `const catalog = catalogOf([tool], { env: { OPENSPEC_AGENT_DB: ${JSON.stringify(join(home, "registry.db"))} }, home: ${JSON.stringify(home)} });`,
      `const result = await catalog.call("openspec_context", { identifier: "shop" });`,
      `catalog.close();`,
      `console.log(JSON.stringify(result));`,
    ].join("\n");
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    // A real call that got as far as the registry: the source is not registered.
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, code: "source_not_found" });
    const loaded = readFileSync(file, "utf8").split("\n").filter(Boolean);
    expect(loaded.some((url) => url.endsWith("/core/dist/tools/context-tool.js"))).toBe(true);
    expect(loaded.some((url) => url.includes("/artifacts/dist/resolve-context.js"))).toBe(true);
    expect(loaded.filter((url) => NOT_FOR_CONTEXT.test(url))).toEqual([]);
  });
  it("GIVEN any command line WHEN the CLI asks which tool its words name THEN the startup entry loads nothing but the loaders, the flag naming and the flag reader (help and other commands pay nothing for it)", () => {
    const file = join(temporaryFolder(), "loaded.txt");
    const script = [
      `import { register } from "node:module";`,
      `register(${JSON.stringify(HOOKS)}, { data: { file: ${JSON.stringify(file)} } });`,
      `const { toolForCommand } = await import(${JSON.stringify(STARTUP)});`,
      `console.log(toolForCommand(["--help"]) === undefined);`,
    ].join("\n");
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    expect(run.stdout.trim()).toBe("true");
    const loaded = readFileSync(file, "utf8")
      .split("\n")
      .filter((url) => url.startsWith("file:"))
      .map((url) => url.replace(/^.*\/core\/dist\//, ""));
    // flag-name.js: the shell's flag of a field, which the commands and their fixes share;
    // read-command-line.js and read-package-version.js: a host bin's flags (Node's parseArgs)
    // and version; note-core-copy.js: the warning when a second copy of core loads in one
    // process, which every entry of core registers; toolsets.js: the toolsets and the default,
    // which a host's help states. None imports more.
    expect(loaded.sort()).toEqual([
      "flag-name.js",
      "note-core-copy.js",
      "read-command-line.js",
      "read-package-version.js",
      "startup.js",
      "tool-for-command.js",
      "tool-loaders.js",
      "toolsets.js",
    ]);
  });
});
