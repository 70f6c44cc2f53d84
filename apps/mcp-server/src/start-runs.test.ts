import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { type CoveredFunction, callsAround } from "./test-support/calls-around.js";
import { FIRST_MESSAGES } from "./test-support/first-messages.js";
import { PUBLISHED_BIN, serverEnvironment } from "./test-support/sandbox.js";

afterEach(removeTemporaryFolders);

const BUNDLE = join(import.meta.dirname, "..", "dist", "bundle", "openspec-mcp.bundle.cjs");

/**
 * The published bin answering the first messages (then stdin closes and it
 * exits), with V8's precise coverage of the bundle: which of its functions
 * ran, and how often.
 */
function bundleCoverage() {
  const coverage = temporaryFolder("coverage-");
  const { env } = serverEnvironment({ cli: false, extra: { NODE_V8_COVERAGE: coverage } });
  const run = spawnSync(process.execPath, [PUBLISHED_BIN], {
    env,
    input: FIRST_MESSAGES,
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  const answered = run.stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => (JSON.parse(line) as { id?: number }).id)
    .filter((id) => id !== undefined);
  expect(answered).toEqual([1, 2]);
  const bundleUrl = pathToFileURL(BUNDLE).href;
  const scripts = readdirSync(coverage).flatMap(
    (file) =>
      (
        JSON.parse(readFileSync(join(coverage, file), "utf8")) as {
          result: { url: string; functions: CoveredFunction[] }[];
        }
      ).result,
  );
  const bundle = scripts.find((script) => script.url === bundleUrl);
  if (bundle === undefined) throw new Error(`no coverage of ${bundleUrl} was written`);
  const source = readFileSync(BUNDLE, "utf8");
  /** The calls of each function around the one place `text` is in the bundle. */
  return (text: string): number[] => {
    const offset = source.indexOf(text);
    if (offset < 0 || source.indexOf(text, offset + 1) >= 0) {
      throw new Error(`"${text}" is not in the bundle exactly once`);
    }
    return callsAround(bundle.functions, offset);
  };
}

/**
 * What a start does not need, each by a line of its code in the bundle: it loads on
 * first use, so none of its code may run before the first `tools/list` answer.
 */
const LOADED_ON_FIRST_USE = {
  // The SDK's JSON Schema validator: a line of ajv's code generator.
  ajv: "CodeGen: name must be a valid identifier",
  // The SDK's skills extension (its schemas), loaded with the first skills request.
  "the skills extension": "followed by 64 lowercase hexadecimal characters",
  // The registry (its SQLite driver, migrations and queries), loaded when a tool opens it.
  "the registry": "it needs an upgrade that cannot be written",
  // Result schemas of core built when a host first reads a tool's output schema (the
  // tools/list answer comes from the build's record): a spec's diff, the archive's preview
  // and a store import's answer.
  "the spec diff schema": "The baseline, openspec/specs/<id>/spec.md, relative to the root.",
  "the archive preview schema": "The archive folder's name the change would get.",
  "the store import schema": "The store's id, as `openspec store list` shows it.",
};

/**
 * Schemas the catalog's tools share, by a line of each: their modules load with the
 * catalog, but the function that builds them (core's builtOnFirstUse) runs only with
 * the first tool schema that uses them, and the tools/list answer comes from the record.
 */
const BUILT_ON_FIRST_USE = {
  "the CLI run fields": 'describe("The argv as run, binary first.")',
  "the task fields": 'describe("tasks.md, relative to the repository root.")',
  "the repository fields": 'describe("Name or os_ token")',
  "the page fields": 'describe("How many there are in all.")',
};

describe("what openspec-mcp runs before its first tools/list answer", () => {
  it("GIVEN a client's initialize and tools/list WHEN the published bin answers them THEN the server's start ran and none of the code it loads on first use did: ajv, the skills extension, the registry, three result schemas, the fields tools share", () => {
    const callsAroundText = bundleCoverage();
    // The start's log line: the coverage sees the bundle's functions that ran.
    expect(callsAroundText(" tools (toolsets ")[0]).toBeGreaterThan(0);
    for (const [what, line] of Object.entries(LOADED_ON_FIRST_USE)) {
      const around = callsAroundText(line);
      expect(around.length, what).toBeGreaterThan(0);
      expect(
        around.every((calls) => calls === 0),
        `${what} ran: calls ${around.join(", ")}`,
      ).toBe(true);
    }
    for (const [what, line] of Object.entries(BUILT_ON_FIRST_USE)) {
      const [builder] = callsAroundText(line);
      expect(builder, `${what} were built before the first tools/list answer`).toBe(0);
    }
  });
});
