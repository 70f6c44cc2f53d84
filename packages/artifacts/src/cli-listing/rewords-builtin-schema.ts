import { realpathSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { readRegularFile } from "../read-regular-file.js";
import { yamlMapping } from "./yaml-mapping.js";

/** A schema file is a few kilobytes (the built-in one 14 KB); a larger one is left to the CLI. */
const MAX_SCHEMA_BYTES = 64 * 1024;

/**
 * The built-in `spec-driven` schema of the pinned CLI (1.13.2) without its
 * instructions: everything `openspec list` and `openspec status` read of it.
 */
const SPEC_DRIVEN_WITHOUT_INSTRUCTIONS = {
  name: "spec-driven",
  version: 1,
  description: "Default OpenSpec workflow - proposal → specs → design → tasks",
  artifacts: [
    {
      id: "proposal",
      generates: "proposal.md",
      description: "Initial proposal document outlining the change",
      template: "proposal.md",
      requires: [],
    },
    {
      id: "specs",
      generates: "specs/**/*.md",
      description: "Detailed specifications for the change",
      template: "spec.md",
      requires: ["proposal"],
    },
    {
      id: "design",
      generates: "design.md",
      description: "Technical design document with implementation details",
      template: "design.md",
      requires: ["proposal"],
    },
    {
      id: "tasks",
      generates: "tasks.md",
      description: "Implementation checklist with trackable tasks",
      template: "tasks.md",
      requires: ["specs", "design"],
    },
  ],
  apply: { requires: ["tasks"], tracks: "tasks.md" },
};

/** The object without its `instruction`, when that is absent or a string (what the CLI accepts); else null. */
function withoutInstruction(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const { instruction, ...rest } = value as Record<string, unknown>;
  return instruction === undefined || typeof instruction === "string" ? rest : null;
}

/**
 * Whether a project or user `schemas/spec-driven/schema.yaml` is the built-in
 * schema with nothing changed but its instructions: a copy kept in the
 * repository so its guidance can be edited. `openspec list` and
 * `openspec status` then answer exactly as with the built-in one, since
 * neither reads instructions or templates. Anything else, a file that cannot
 * be read within the cap or that is not YAML included, is not. With
 * `insideRoot`, a file whose real path fails it (a link out of the
 * repository) is not read, and is not either.
 */
export function rewordsBuiltinSchema(
  path: string,
  insideRoot?: (realPath: string) => boolean,
): boolean {
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
  const parsed = yamlMapping(read.text);
  if (parsed === null) return false;
  const { artifacts, apply, ...rest } = parsed;
  const shape = {
    ...rest,
    artifacts: Array.isArray(artifacts) ? artifacts.map(withoutInstruction) : artifacts,
    apply: withoutInstruction(apply),
  };
  return isDeepStrictEqual(shape, SPEC_DRIVEN_WITHOUT_INSTRUCTIONS);
}
