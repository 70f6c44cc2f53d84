import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { basename, join, sep } from "node:path";
import { readRegularFile } from "../read-regular-file.js";
import { configWarnsInCli } from "./config-warns-in-cli.js";
import type { NeedsCli } from "./read-folder-tree.js";
import { rewordsBuiltinSchema, type SchemaUse } from "./rewords-builtin-schema.js";
import { specialFileAt } from "./special-file-at.js";
import { tooMuchYamlStructure } from "./too-much-yaml-structure.js";
import { yamlMapping } from "./yaml-mapping.js";

const BUILTIN_SCHEMA = "spec-driven";
/** Configuration and change metadata are a few lines; larger ones are left to the CLI. */
const MAX_YAML_BYTES = 64 * 1024;
/** What `openspec new change` writes for the built-in schema: read without a YAML parser. */
export const NEW_CHANGE_METADATA = /^schema: spec-driven\ncreated: \d{4}-\d{2}-\d{2}\n$/;

/**
 * Whether every change of the repository counts its tasks by the built-in
 * `spec-driven` schema (`tasks.md` at the change root), as the reader
 * assumes: no project or user schema named `spec-driven` replaces it in what
 * the command reads of it (`use`: status its whole graph, the change listing
 * the file tasks are counted in, the spec listing nothing), and
 * `openspec/config.yaml` names no other schema (unless the command reads none)
 * and holds nothing the CLI would warn about (its warning would be lost in a
 * native answer). Otherwise, why not.
 */
export function projectUsesBuiltinSchema(
  openspecDir: string,
  env: Readonly<Record<string, string | undefined>>,
  use: SchemaUse | "nothing" = "graph",
): NeedsCli | null {
  // The CLI takes the project's schema first, then the user's: only the one it
  // takes matters, and only when it differs from the built-in in more than words.
  const projectSchema = join(openspecDir, "schemas", BUILTIN_SCHEMA, "schema.yaml");
  const dataHome = env.XDG_DATA_HOME ? env.XDG_DATA_HOME : join(userHome(env), ".local", "share");
  const userSchema = join(dataHome, "openspec", "schemas", BUILTIN_SCHEMA, "schema.yaml");
  if (use === "nothing") {
    // The spec listing reads no schema.
  } else if (existsSync(projectSchema)) {
    const inside = (real: string) => real.startsWith(`${openspecDir}${sep}`);
    if (!rewordsBuiltinSchema(projectSchema, inside, use)) {
      return { needsCli: "the repository defines its own spec-driven schema" };
    }
  } else if (existsSync(userSchema) && !rewordsBuiltinSchema(userSchema, undefined, use)) {
    return { needsCli: "a user schema replaces the built-in spec-driven schema" };
  }
  const yamlConfig = join(openspecDir, "config.yaml");
  const config = existsSync(yamlConfig) ? yamlConfig : join(openspecDir, "config.yml");
  if (!existsSync(config)) return null;
  const special = specialFileAt(config, `openspec/${basename(config)}`);
  if (special !== null) return special;
  const read = readRegularFile(config, MAX_YAML_BYTES);
  if (read.ok && !read.truncated && configWarnsInCli(read.text)) {
    return {
      needsCli: "openspec/config.yaml has settings the CLI warns about or the reader leaves to it",
    };
  }
  const schema = schemaField(read);
  if (schema === undefined) return null;
  // Named but unused: the spec listing reads no schema.
  if (use === "nothing" && schema !== null) return null;
  if (schema === BUILTIN_SCHEMA) return null;
  if (use === "tasks-file" && projectSchemaCountsTasksMd(openspecDir, schema)) return null;
  return {
    needsCli:
      schema === null
        ? "openspec/config.yaml could not be read here"
        : `openspec/config.yaml uses the schema ${JSON.stringify(schema)}`,
  };
}

/**
 * Whether a change's `.openspec.yaml` keeps it on the built-in schema. The CLI
 * falls back to the built-in `tasks.md` whenever the file is not valid metadata,
 * so only a readable file naming another schema needs the CLI; with
 * `countsTasksMd` (the listing's `projectSchemasCountingTasksMd`), not even
 * that when the schema is the repository's own and counts tasks in `tasks.md`.
 */
export function changeUsesBuiltinSchema(
  metadataPath: string,
  shown: string,
  countsTasksMd?: (schema: unknown) => boolean,
): NeedsCli | null {
  const special = specialFileAt(metadataPath, shown);
  if (special !== null) return special;
  const schema = yamlSchemaField(metadataPath);
  if (schema === undefined || schema === BUILTIN_SCHEMA) return null;
  if (countsTasksMd?.(schema)) return null;
  return {
    needsCli:
      schema === null
        ? `${metadataPath} could not be read here`
        : `${metadataPath} uses the schema ${JSON.stringify(schema)}`,
  };
}

/**
 * The `schema:` of a YAML file: undefined when it names none (or is not YAML
 * a parser accepts, which the CLI treats the same way), null when the file
 * cannot be read within the cap.
 */
function yamlSchemaField(path: string): unknown {
  return schemaField(readRegularFile(path, MAX_YAML_BYTES));
}

/** The `schema:` of a YAML file already read, by the rules of `yamlSchemaField`. */
function schemaField(read: ReturnType<typeof readRegularFile>): unknown {
  if (!read.ok) return read.code === "missing" ? undefined : null;
  if (read.truncated) return null;
  if (NEW_CHANGE_METADATA.test(read.text)) return BUILTIN_SCHEMA;
  if (tooMuchYamlStructure(read.text)) return null;
  return yamlMapping(read.text)?.schema;
}

/**
 * Distinct schema names one listing looks up among the repository's own: a
 * repository keeps a few. Each lookup is a stat, and a read and a parse of up
 * to 64 KiB on the caller's event loop, so a listing whose changes name more
 * leaves them to the CLI instead of parsing hundreds of files between two turns.
 */
const MAX_SCHEMAS_PER_LISTING = 8;

/**
 * `projectSchemaCountsTasksMd` for one listing, each schema name read once:
 * thousands of changes naming the repository's own schema share one read and
 * one parse of its file instead of one each. Past `MAX_SCHEMAS_PER_LISTING`
 * names, a new name answers false (the CLI then answers the listing).
 */
export function projectSchemasCountingTasksMd(openspecDir: string): (schema: unknown) => boolean {
  const answers = new Map<unknown, boolean>();
  return (schema) => {
    let answer = answers.get(schema);
    if (answer === undefined) {
      answer =
        answers.size < MAX_SCHEMAS_PER_LISTING && projectSchemaCountsTasksMd(openspecDir, schema);
      answers.set(schema, answer);
    }
    return answer;
  };
}

function userHome(env: Readonly<Record<string, string | undefined>>): string {
  return env.HOME ? env.HOME : homedir();
}

/** A schema name the CLI looks up as one folder of `openspec/schemas/`. */
const SCHEMA_FOLDER = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Whether the schema a change listing is pointed to by name is one of the
 * repository's own (`openspec/schemas/<name>/schema.yaml`, which the CLI
 * takes before the user's or its own) and counts tasks in `tasks.md`, as the
 * built-in one does: the listing then reads nothing else of it.
 */
function projectSchemaCountsTasksMd(openspecDir: string, name: unknown): boolean {
  if (typeof name !== "string" || !SCHEMA_FOLDER.test(name) || name.includes("..")) return false;
  const path = join(openspecDir, "schemas", name, "schema.yaml");
  const inside = (real: string) => real.startsWith(`${openspecDir}${sep}`);
  return existsSync(path) && rewordsBuiltinSchema(path, inside, "tasks-file");
}
