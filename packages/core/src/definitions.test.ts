import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { toolCatalog } from "./tool-catalog.js";

const DEFINITIONS = new URL("../dist/definitions.js", import.meta.url).href;
const HOOKS = new URL("./test-support/record-module-loads.mjs", import.meta.url).href;
/** What only running a tool needs: loading any of these makes `openspec-agent --help` slow again. */
const HEAVY =
  /\/(artifacts|cli-runner|registry|spec-parser)\/dist\/|better-sqlite3|drizzle-orm|\/yaml@|tinyexec/;

afterAll(removeTemporaryFolders);

/** Loads the built definitions entry in a fresh Node process; returns what it loaded and the tool names it saw. */
function loadDefinitions(): { loaded: string[]; names: string[] } {
  const file = join(temporaryFolder(), "loaded.txt");
  const script = [
    `import { register } from "node:module";`,
    `register(${JSON.stringify(HOOKS)}, { data: { file: ${JSON.stringify(file)} } });`,
    `const { toolCatalog } = await import(${JSON.stringify(DEFINITIONS)});`,
    `console.log(JSON.stringify(toolCatalog.map((tool) => tool.name)));`,
  ].join("\n");
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
  });
  expect(run.stderr).toBe("");
  return {
    loaded: readFileSync(file, "utf8").split("\n").filter(Boolean),
    names: JSON.parse(run.stdout),
  };
}

describe("the catalog's definitions entry", () => {
  it("GIVEN a tool file that imports the registry, the CLI runner or the artifacts at module level WHEN the definitions load THEN this fails naming the module (handlers import them with await import)", () => {
    const { loaded, names } = loadDefinitions();
    expect(names).toEqual(toolCatalog.map((tool) => tool.name));
    expect(loaded.some((url) => url.endsWith("/core/dist/definitions.js"))).toBe(true);
    expect(loaded.filter((url) => HEAVY.test(url))).toEqual([]);
  });
});
