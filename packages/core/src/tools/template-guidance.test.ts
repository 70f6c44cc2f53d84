import { makeOpenSpecRepository } from "@org/test-kit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parse } from "yaml";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";
import { MANY_YAML_KEYS, parsedManyKeys } from "../test-support/many-yaml-keys.js";

// The YAML parser, counted: a file it would spend seconds on must never reach it.
vi.mock("yaml", async (importOriginal) => {
  const yaml = await importOriginal<typeof import("yaml")>();
  return { ...yaml, parse: vi.fn(yaml.parse) };
});

afterEach(cleanUp);

/** 7,000 keys in 64 KiB after a schema: seconds of the YAML parser. */
const HOSTILE_CONFIG = `schema: spec-driven\n${MANY_YAML_KEYS}`;

/**
 * Asks for the proposal's instructions in a repository of `files` with no
 * change yet, and whether the YAML parser was handed the 7,000 keys meanwhile.
 */
async function proposalInstructions(
  catalogOptions: { confine: "off"; allowStores: "none" | "all" },
  files: Record<string, string>,
) {
  const { catalog } = makeCatalog({ catalog: catalogOptions });
  const root = makeOpenSpecRepository(files);
  vi.mocked(parse).mockClear();
  const result = await catalog.call("openspec_instructions", {
    workdir: root,
    artifact: "proposal",
  });
  return { result, parsedHostileFile: parsedManyKeys(vi.mocked(parse).mock.calls) };
}

describe("openspec_instructions in a repository with no change yet", () => {
  it("GIVEN a config.yaml whose schema is a mapping with a length that cannot become a number WHEN openspec_instructions is asked for the proposal THEN it answers the default schema's guidance, as for a config that names no schema, not an internal error", async () => {
    const { result } = await proposalInstructions(
      { confine: "off", allowStores: "none" },
      { "openspec/config.yaml": "schema:\n  length:\n    toString: {}\n" },
    );
    const { result: plain } = await proposalInstructions(
      { confine: "off", allowStores: "none" },
      { "openspec/config.yaml": "context: a team's notes\n" },
    );
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.stdout).toEqual(plain.ok && plain.stdout);
  });

  it("GIVEN a config.yaml of 7,000 keys in 64 KiB, unconfined runs and no stores allowed WHEN openspec_instructions is asked for the proposal THEN config_too_structured names the file before the CLI runs, and the YAML parser never reads it", async () => {
    const { result, parsedHostileFile } = await proposalInstructions(
      { confine: "off", allowStores: "none" },
      { "openspec/config.yaml": HOSTILE_CONFIG },
    );
    expect(result).toMatchObject({
      ok: false,
      code: "config_too_structured",
      error: expect.stringMatching(/^openspec\/config\.yaml /),
    });
    expect(parsedHostileFile).toBe(false);
  });

  it("GIVEN a project schema whose schema.yaml holds 7,000 keys in 64 KiB WHEN openspec_instructions is asked for its proposal THEN config_too_structured names the schema, and the YAML parser never reads the file", async () => {
    const { result, parsedHostileFile } = await proposalInstructions(
      { confine: "off", allowStores: "all" },
      {
        "openspec/config.yaml": "schema: my-flow\n",
        "openspec/schemas/my-flow/schema.yaml": `name: my-flow\nversion: 1\nartifacts:\n  - id: proposal\n    generates: proposal.md\n    template: proposal.md\n${MANY_YAML_KEYS}`,
        "openspec/schemas/my-flow/templates/proposal.md": "## Why\n",
      },
    );
    expect(result).toMatchObject({
      ok: false,
      code: "config_too_structured",
      error:
        'The schema "my-flow"\'s schema.yaml holds more structure than a schema has, so it is not read.',
    });
    expect(parsedHostileFile).toBe(false);
  });
});
