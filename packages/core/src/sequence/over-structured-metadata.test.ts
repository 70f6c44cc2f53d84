import { readFileSync } from "node:fs";
import { join } from "node:path";
import { makeOpenSpecRepository } from "@org/test-kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parse, parseDocument } from "yaml";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";
import { MANY_YAML_KEYS, parsedManyKeys } from "../test-support/many-yaml-keys.js";

// The YAML parser, counted: a file it would spend seconds on must never reach it.
vi.mock("yaml", async (importOriginal) => {
  const yaml = await importOriginal<typeof import("yaml")>();
  return { ...yaml, parse: vi.fn(yaml.parse), parseDocument: vi.fn(yaml.parseDocument) };
});

afterEach(cleanUp);
beforeEach(() => {
  vi.mocked(parse).mockClear();
  vi.mocked(parseDocument).mockClear();
});

/** 7,000 keys in 64 KiB after a sequence: seconds of the YAML parser. */
const HOSTILE = `schema: spec-driven\nsequence:\n  group: g\n  position: 1\n${MANY_YAML_KEYS}`;

const parsedHostile = () =>
  parsedManyKeys(vi.mocked(parse).mock.calls, vi.mocked(parseDocument).mock.calls);

function repository(): string {
  const change = (name: string) => ({
    [`openspec/changes/${name}/proposal.md`]: `# ${name}\n\n## Why\n\nThe ${name} step is needed.\n\n## What Changes\n\n- Add ${name}.\n`,
    [`openspec/changes/${name}/tasks.md`]: "## 1. Work\n\n- [ ] 1.1 Do it\n",
  });
  return makeOpenSpecRepository({
    ...change("phase-one"),
    ...change("phase-two"),
    "openspec/changes/phase-two/.openspec.yaml": HOSTILE,
  });
}

describe("a change's .openspec.yaml with more structure than metadata has", () => {
  it("GIVEN phase-two's .openspec.yaml of 7,000 keys in 64 KiB WHEN openspec_change_sequence_set places it THEN metadata_unparsable names the file, which is left as it was, and the YAML parser never reads it", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = repository();
    const result = await catalog.call("openspec_change_sequence_set", {
      workdir: root,
      changes: ["phase-two"],
      group: "g",
    });
    expect(result).toMatchObject({
      ok: false,
      code: "metadata_unparsable",
      path: "openspec/changes/phase-two/.openspec.yaml",
    });
    expect(readFileSync(join(root, "openspec/changes/phase-two/.openspec.yaml"), "utf8")).toBe(
      HOSTILE,
    );
    expect(parsedHostile()).toBe(false);
  });

  it("GIVEN the same file WHEN openspec_task_list reads phase-two, and phase-one is sequenced THEN phase-two has no sequence, phase-one is placed, and the YAML parser never reads the file", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = repository();
    const listed = await catalog.call("openspec_task_list", { workdir: root, change: "phase-two" });
    expect(listed).toMatchObject({ ok: true });
    expect(listed).not.toHaveProperty("sequence");
    expect(
      await catalog.call("openspec_change_sequence_set", {
        workdir: root,
        changes: ["phase-one"],
        group: "g",
      }),
    ).toMatchObject({ ok: true, changes: [{ name: "phase-one", sequence: { position: 1 } }] });
    expect(parsedHostile()).toBe(false);
  });
});
