import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { REAL_OPENSPEC_BIN } from "@org/test-kit";
import { parse, stringify } from "yaml";

/**
 * The pinned CLI's own `spec-driven/schema.yaml` with every instruction
 * replaced, as a team keeps it in `openspec/schemas/spec-driven/` to give
 * agents its own guidance; `change` edits the parsed schema further.
 */
export function rewordedBuiltinSchema(
  change: (schema: Record<string, unknown>) => void = () => {},
) {
  const path = join(dirname(dirname(REAL_OPENSPEC_BIN)), "schemas", "spec-driven", "schema.yaml");
  const schema = parse(readFileSync(path, "utf8")) as {
    artifacts: { instruction?: string }[];
    apply: { instruction?: string };
  };
  for (const artifact of schema.artifacts) artifact.instruction = "Follow the team's guide.";
  schema.apply.instruction = "Work through the tasks in order.";
  change(schema);
  return stringify(schema);
}
