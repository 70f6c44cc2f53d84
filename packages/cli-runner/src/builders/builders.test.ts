import { describe, expect, it } from "vitest";
import { archiveArgs } from "./archive-args.js";
import { contextArgs } from "./context-args.js";
import { doctorArgs } from "./doctor-args.js";
import { instructionsArgs } from "./instructions-args.js";
import { listArgs } from "./list-args.js";
import { newChangeArgs } from "./new-change-args.js";
import { schemaWhichArgs } from "./schema-which-args.js";
import { schemasArgs } from "./schemas-args.js";
import { showArgs } from "./show-args.js";
import { statusArgs } from "./status-args.js";
import { storeListArgs } from "./store-list-args.js";
import { templatesArgs } from "./templates-args.js";
import { type ValidateOptions, validateArgs } from "./validate-args.js";

describe("command builders: argv", () => {
  it.each([
    ["list defaults", listArgs(), ["list", "--changes", "--json"]],
    [
      "list specs by name in a store",
      listArgs({ kind: "specs", sort: "name", store: "team" }),
      ["list", "--specs", "--json", "--sort", "name", "--store", "team"],
    ],
    [
      "show with every filter",
      showArgs({ item: "auth", type: "spec", scenarios: false, requirement: 2 }),
      [
        "show",
        "auth",
        "--json",
        "--no-interactive",
        "--type",
        "spec",
        "--no-scenarios",
        "--requirement",
        "2",
      ],
    ],
    [
      "show a change's deltas, requirements only",
      showArgs({ item: "add-x", deltasOnly: true, requirements: true }),
      ["show", "add-x", "--json", "--no-interactive", "--deltas-only", "--requirements"],
    ],
    [
      "validate one item strictly",
      validateArgs({ item: "add-x", type: "change", strict: true }),
      ["validate", "add-x", "--type", "change", "--strict", "--json", "--no-interactive"],
    ],
    [
      "validate a scope",
      validateArgs({ scope: "specs" }),
      ["validate", "--specs", "--json", "--no-interactive"],
    ],
    [
      "status of one change with a schema",
      statusArgs({ change: "add-x", schema: "spec-driven" }),
      ["status", "--json", "--change", "add-x", "--schema", "spec-driven"],
    ],
    ["status of all changes", statusArgs({ all: true }), ["status", "--json", "--all"]],
    [
      "instructions for an artifact of a change",
      instructionsArgs({ artifact: "proposal", change: "add-x" }),
      ["instructions", "proposal", "--json", "--change", "add-x"],
    ],
    [
      "new change with free text starting with a dash",
      newChangeArgs({ name: "add-x", description: "- first line", goal: "--json" }),
      ["new", "change", "add-x", "--json", "--description", "- first line", "--goal", "--json"],
    ],
    [
      "archive confirmed without specs",
      archiveArgs({ change: "add-x", yes: true, skipSpecs: true }),
      ["archive", "add-x", "--json", "--yes", "--skip-specs"],
    ],
    ["doctor in a store", doctorArgs({ store: "team" }), ["doctor", "--json", "--store", "team"]],
    ["context", contextArgs(), ["context", "--json"]],
    [
      "templates of a schema",
      templatesArgs({ schema: "spec-driven" }),
      ["templates", "--json", "--schema", "spec-driven"],
    ],
    ["schemas", schemasArgs(), ["schemas", "--json"]],
    ["store list", storeListArgs(), ["store", "list", "--json"]],
    [
      "schema which by name",
      schemaWhichArgs({ name: "spec-driven" }),
      ["schema", "which", "spec-driven", "--json"],
    ],
    [
      "schema which for all",
      schemaWhichArgs({ all: true }),
      ["schema", "which", "--all", "--json"],
    ],
  ])("GIVEN %s WHEN building THEN the argv is exact", (_, result, args) => {
    expect(result).toEqual({ ok: true, args });
  });
});

describe("command builders: refusals", () => {
  it.each([
    [
      "a change name starting with -",
      () => archiveArgs({ change: "--all" }),
      'change "--all" starts with "-" and would be read as an option.',
    ],
    [
      "a show item starting with -",
      () => showArgs({ item: "-r" }),
      'item "-r" starts with "-" and would be read as an option.',
    ],
    [
      "an option value starting with -",
      () => statusArgs({ change: "-x" }),
      '--change "-x" starts with "-" and would be read as an option.',
    ],
    [
      "a store id starting with -",
      () => doctorArgs({ store: "--json" }),
      '--store "--json" starts with "-" and would be read as an option.',
    ],
    ["an empty name", () => newChangeArgs({ name: "" }), "name must not be empty."],
    [
      "a whitespace-only artifact",
      () => instructionsArgs({ artifact: "  " }),
      "artifact must not be empty.",
    ],
    [
      "a NUL byte in free text",
      () => newChangeArgs({ name: "a", description: "x\0y" }),
      "--description must not contain a NUL byte.",
    ],
    [
      "a requirement number of 0",
      () => showArgs({ item: "auth", requirement: 0 }),
      "--requirement must be a positive integer, got 0.",
    ],
    [
      "requirements together with one requirement",
      () => showArgs({ item: "auth", requirements: true, requirement: 1 }),
      "requirements and requirement exclude each other; the CLI refuses both.",
    ],
    [
      "a change together with all",
      () => statusArgs({ change: "a", all: true }),
      "Give either a change or all, not both.",
    ],
    [
      "an unknown sort order",
      () => listArgs({ sort: "size" as "name" }),
      '--sort must be one of recent, name, got "size".',
    ],
    [
      "an unknown list kind",
      () => listArgs({ kind: "stores" as "specs" }),
      'kind must be one of changes, specs, got "stores".',
    ],
    [
      "an item and a scope at once",
      () => validateArgs({ item: "a", scope: "all" } as ValidateOptions),
      "Give either an item or a scope to validate, not both.",
    ],
    [
      "neither item nor scope",
      () => validateArgs({} as ValidateOptions),
      "Give an item or a scope (all, changes, specs) to validate.",
    ],
  ])("GIVEN %s WHEN building THEN fails with invalid_argument", (_, build, error) => {
    expect(build()).toEqual({ ok: false, code: "invalid_argument", error });
  });
});
