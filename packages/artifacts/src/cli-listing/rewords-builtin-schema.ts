import { realpathSync } from "node:fs";
import { readRegularFile } from "../read-regular-file.js";
import { tooMuchYamlStructure } from "./too-much-yaml-structure.js";
import { yamlMapping } from "./yaml-mapping.js";

/** A schema file is a few kilobytes (the built-in one 14 KB); a larger one is left to the CLI. */
const MAX_SCHEMA_BYTES = 64 * 1024;

/**
 * What `openspec list` and `openspec status` take from the built-in
 * `spec-driven/schema.yaml` of the pinned CLI (1.13.2): each artifact's id,
 * output and dependencies in order, and the apply phase's gate and tasks file.
 */
const SPEC_DRIVEN_SHAPE = {
  artifacts: [
    { id: "proposal", generates: "proposal.md", requires: [] },
    { id: "specs", generates: "specs/**/*.md", requires: ["proposal"] },
    { id: "design", generates: "design.md", requires: ["proposal"] },
    { id: "tasks", generates: "tasks.md", requires: ["specs", "design"] },
  ],
  apply: { requires: ["tasks"], tracks: "tasks.md" },
};

const ARTIFACT_KEYS = new Set([
  "id",
  "generates",
  "description",
  "template",
  "instruction",
  "requires",
]);
const APPLY_KEYS = new Set(["requires", "tracks", "instruction"]);
const SCHEMA_KEYS = new Set(["name", "version", "description", "artifacts", "apply"]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);
const onlyKeys = (value: Record<string, unknown>, allowed: Set<string>) =>
  Object.keys(value).every((key) => allowed.has(key));
const optionalText = (value: unknown) => value === undefined || typeof value === "string";
const sameList = (value: unknown, expected: string[]) =>
  Array.isArray(value) &&
  value.length === expected.length &&
  value.every((item, index) => item === expected[index]);

/** A template path the CLI's schema check accepts: relative, inside its folder. */
function relativeInside(value: unknown): boolean {
  if (typeof value !== "string" || value === "" || value.includes("\0")) return false;
  if (/^[A-Za-z]:/.test(value) || value.startsWith("/") || value.startsWith("\\")) return false;
  return !value.split(/[\\/]+/).includes("..");
}

/**
 * What a command reads of the schema: `openspec status` its whole graph,
 * `openspec list` only the file its changes' tasks are counted in.
 */
export type SchemaUse = "graph" | "tasks-file";

/**
 * Whether `openspec list` counts a change's tasks in `tasks.md` under this
 * schema, as under the built-in one: it takes the artifact whose `generates`
 * is `apply.tracks` (the one with id `tasks` when no `apply.tracks`), counts
 * in what that artifact generates, and falls back to `tasks.md` when there is
 * none. The rest of the graph (other artifacts, other dependencies) is not
 * read by the listing.
 */
function tracksTasksFile(schema: Record<string, unknown>): boolean {
  const { artifacts, apply } = schema;
  if (!Array.isArray(artifacts)) return false;
  const tracks = isObject(apply) ? apply.tracks : undefined;
  const tracked = artifacts.find((artifact: unknown) =>
    !isObject(artifact)
      ? false
      : tracks === undefined || tracks === null
        ? artifact.id === "tasks"
        : artifact.generates === tracks,
  ) as Record<string, unknown> | undefined;
  return tracked === undefined || tracked.generates === SPEC_DRIVEN_SHAPE.apply.tracks;
}

/**
 * Whether a parsed schema is one the CLI loads and reads exactly as the
 * built-in: the same artifacts (ids, outputs, dependencies, in order) and
 * apply phase, with only what neither command reads free (descriptions,
 * instructions, template files, version), each still of the type the CLI's
 * check wants. A key the CLI does not know is not free: it is left to the CLI.
 */
function readsAsBuiltin(schema: Record<string, unknown>): boolean {
  if (!onlyKeys(schema, SCHEMA_KEYS) || schema.name !== "spec-driven") return false;
  if (!Number.isInteger(schema.version) || (schema.version as number) < 1) return false;
  if (!optionalText(schema.description)) return false;
  const { artifacts, apply } = schema;
  if (!Array.isArray(artifacts) || artifacts.length !== SPEC_DRIVEN_SHAPE.artifacts.length) {
    return false;
  }
  const artifactsMatch = SPEC_DRIVEN_SHAPE.artifacts.every((expected, index) => {
    const artifact: unknown = artifacts[index];
    return (
      isObject(artifact) &&
      onlyKeys(artifact, ARTIFACT_KEYS) &&
      artifact.id === expected.id &&
      artifact.generates === expected.generates &&
      sameList(artifact.requires === undefined ? [] : artifact.requires, expected.requires) &&
      typeof artifact.description === "string" &&
      relativeInside(artifact.template) &&
      optionalText(artifact.instruction)
    );
  });
  return (
    artifactsMatch &&
    isObject(apply) &&
    onlyKeys(apply, APPLY_KEYS) &&
    sameList(apply.requires, SPEC_DRIVEN_SHAPE.apply.requires) &&
    apply.tracks === SPEC_DRIVEN_SHAPE.apply.tracks &&
    optionalText(apply.instruction)
  );
}

/**
 * Whether a project or user `schemas/spec-driven/schema.yaml` is the built-in
 * schema in other words: a copy kept in the repository so its guidance can be
 * edited, as `openspec` writes and people then reword (descriptions,
 * instructions, template files, `requires:` as a block list, `generates:`
 * unquoted). `openspec list` and `openspec status` then answer exactly as with
 * the built-in one, since neither reads those words. The file is parsed with
 * the CLI's YAML parser only when it holds no more structure than a schema
 * does (`tooMuchYamlStructure`: instruction bodies cost the parser next to
 * nothing, thousands of keys or aliases seconds). Anything else, a file
 * that cannot be read within the cap included, is not. With `insideRoot`, a
 * file whose real path fails it (a link out of the repository) is not read,
 * and is not either.
 */
export function rewordsBuiltinSchema(
  path: string,
  insideRoot?: (realPath: string) => boolean,
  use: SchemaUse = "graph",
): boolean {
  // The real path first, on every platform; the opened handle's path again
  // where /proc tells it (Linux), so a folder swapped for a link in between is caught too.
  if (insideRoot !== undefined) {
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      return false;
    }
    if (!insideRoot(real)) return false;
  }
  const read = readRegularFile(path, MAX_SCHEMA_BYTES, insideRoot);
  if (!read.ok || read.truncated) return false;
  if (tooMuchYamlStructure(read.text)) return false;
  const schema = yamlMapping(read.text);
  if (schema === null) return false;
  return use === "graph" ? readsAsBuiltin(schema) : tracksTasksFile(schema);
}
