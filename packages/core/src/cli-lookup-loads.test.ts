import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";

const CORE = new URL("../dist/index.js", import.meta.url).href;
const HOOKS = new URL("./test-support/record-module-loads.mjs", import.meta.url).href;
/**
 * What only tool calls and CLI runs need: an MCP server's first tool list waits for the catalog
 * and its look for the CLI, not for these (artifacts/dist/artifact-byte-limit.js is the default
 * cap its settings read); the registry loads when a tool first opens it.
 */
const ONLY_FOR_CALLS =
  /\/artifacts\/dist\/(?!artifact-byte-limit\.js)|\/spec-parser\/|\/yaml\/|\/registry\/dist\/|\/drizzle-orm\/|\/core\/dist\/(create-shared-cli-runs|find-cli-escape|read-store-binds|validate-change-by-change)\.js/;

afterAll(removeTemporaryFolders);

describe("looking for the OpenSpec CLI", () => {
  it("GIVEN the whole catalog WHEN it looks for the OpenSpec CLI, as a server does before its first tool list THEN the runner loads, and nothing of the registry, the artifacts library or the spec parser, no YAML reader and no shared CLI answers do", () => {
    const home = temporaryFolder();
    const file = join(home, "loaded.txt");
    const script = [
      `import { register } from "node:module";`,
      `register(${JSON.stringify(HOOKS)}, { data: { file: ${JSON.stringify(file)} } });`,
      `const { createCatalog } = await import(${JSON.stringify(CORE)});`,
      `const catalog = createCatalog({ env: { PATH: "", OPENSPEC_AGENT_BUNDLED_CLI: "0", OPENSPEC_AGENT_DB: ${JSON.stringify(join(home, "registry.db"))} }, home: ${JSON.stringify(home)} });`,
      `const available = await catalog.available();`,
      `catalog.close();`,
      `console.log(JSON.stringify({ available: available.length, all: catalog.tools.length }));`,
    ].join("\n");
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    const counted = JSON.parse(run.stdout);
    // A real look that found no CLI (PATH is empty, the CLI installed with openspec-agent not looked at): the tools that need it are not offered.
    expect(counted.available).toBeGreaterThan(0);
    expect(counted.available).toBeLessThan(counted.all);
    const loaded = readFileSync(file, "utf8").split("\n").filter(Boolean);
    expect(loaded.some((url) => url.includes("/cli-runner/dist/create-openspec-locator.js"))).toBe(
      true,
    );
    expect(loaded.filter((url) => ONLY_FOR_CALLS.test(url))).toEqual([]);
  });
});
