import { tooMuchYamlStructure } from "./too-much-yaml-structure.js";
import { yamlMapping } from "./yaml-mapping.js";

/** The CLI's limit on `context` (its MAX_CONTEXT_SIZE); a larger one is dropped with a warning. */
const MAX_CONTEXT_BYTES = 50 * 1024;
/** The fields the native readers know the CLI accepts silently when well formed. */
const QUIET_FIELDS = new Set(["schema", "context", "rules"]);
/**
 * Every field the pinned CLI (1.13.2) reads of `openspec/config.yaml`. Any
 * other (`defaultSchema`, a team's own `tdd:`) it ignores without a word.
 */
const CLI_FIELDS = new Set([...QUIET_FIELDS, "operations", "references", "store", "githubCopilot"]);

/**
 * Whether the CLI would print a warning while reading this `openspec/config.yaml`
 * (a `context` that is not a string, rules that are not lists of strings, YAML
 * it cannot parse), or the file holds settings of the CLI's the native readers
 * do not weigh (`store`, `references`, `operations`, `githubCopilot`); fields
 * the CLI does not know it ignores silently, and so do the readers. Either way the CLI answers, so its
 * warning reaches the user as it would in a shell: a native answer would drop it.
 */
export function configWarnsInCli(text: string): boolean {
  // Parsing a configuration of more structure than a person writes could hold the caller.
  if (tooMuchYamlStructure(text)) return true;
  const config = yamlMapping(text);
  if (config === null) return true;
  if (Object.keys(config).some((key) => CLI_FIELDS.has(key) && !QUIET_FIELDS.has(key))) {
    return true;
  }
  if (config.schema !== undefined && (typeof config.schema !== "string" || config.schema === "")) {
    return true;
  }
  if (config.context !== undefined) {
    if (typeof config.context !== "string") return true;
    if (Buffer.byteLength(config.context, "utf8") > MAX_CONTEXT_BYTES) return true;
  }
  if (config.rules !== undefined) {
    const { rules } = config;
    if (rules === null || typeof rules !== "object" || Array.isArray(rules)) return true;
    for (const list of Object.values(rules)) {
      if (!Array.isArray(list)) return true;
      if (list.some((rule) => typeof rule !== "string" || rule === "")) return true;
    }
  }
  return false;
}
