import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fissionOpenSpecFixture } from "@org/test-kit";
import { beforeAll, describe, expect, it } from "vitest";
import { parseDeltaSpec } from "../delta/parse-delta-spec.js";
import { parseSpec } from "../spec/parse-spec.js";
import { parseTasks } from "../tasks/parse-tasks.js";
import { type CliParsers, loadCliParsers } from "../test-support/cli-parsers.js";
import { toCliChangeDeltas } from "./to-cli-change-deltas.js";
import { toCliSpecJson } from "./to-cli-spec-json.js";

// The real OpenSpec project's own specs, delta specs and task lists, read by
// the installed CLI's parser modules in-process and by ours: the projections
// must be equal on every file, not only on the corpus and generated documents.
const OPENSPEC = join(fissionOpenSpecFixture, "openspec");
let cli: CliParsers;

beforeAll(async () => {
  cli = await loadCliParsers();
});

function filesNamed(name: string): { path: string; content: string }[] {
  const found: { path: string; content: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry === name)
        found.push({
          path: relative(OPENSPEC, path).split(sep).join("/"),
          content: readFileSync(path, "utf8"),
        });
    }
  };
  walk(OPENSPEC);
  return found;
}

const specs = filesNamed("spec.md");
const mainSpecs = specs.filter(({ path }) => path.startsWith("specs/"));
const deltaSpecs = specs.filter(({ path }) => path.startsWith("changes/"));

describe("parity with the CLI's parsers on the vendored OpenSpec project", () => {
  it("GIVEN every main spec of the real project WHEN parsed THEN parseSpec succeeds as the CLI does and projects to its JSON", () => {
    expect(mainSpecs.length).toBeGreaterThan(20);
    for (const { path, content } of mainSpecs) {
      const id = path.slice("specs/".length, -"/spec.md".length);
      const parsed = parseSpec(content);
      const shown = cli.showSpec(id, content);
      expect({ path, ok: parsed.ok }).toEqual({ path, ok: shown.ok });
      if (parsed.ok && shown.ok) expect(toCliSpecJson(id, parsed.value)).toEqual(shown.json);
    }
  });

  it("GIVEN every delta spec of the real project's changes WHEN parsed THEN parseDeltaSpec projects to the CLI's deltas", () => {
    expect(deltaSpecs.length).toBeGreaterThan(20);
    for (const { path, content } of deltaSpecs) {
      const spec = path.split("/").slice(3, -1).join("/");
      const parsed = parseDeltaSpec(content);
      const read = cli.specDeltas(spec, content);
      expect({ path, ok: parsed.ok }).toEqual({ path, ok: read.hasDeltaSections });
      expect(parsed.ok ? toCliChangeDeltas(spec, parsed.value) : []).toEqual(read.deltas);
    }
  });

  it("GIVEN every tasks.md of the real project WHEN parsed THEN parseTasks counts what the CLI counts", () => {
    const tasks = filesNamed("tasks.md");
    expect(tasks.length).toBeGreaterThan(5);
    for (const { path, content } of tasks) {
      const parsed = parseTasks(content);
      expect({ path, total: parsed.total, completed: parsed.completed }).toEqual({
        path,
        ...cli.taskCounts(content),
      });
    }
  });
});
