import { type ToolFailure, toolFailure } from "@org/openspec-core";

/**
 * Whether tools/list sends each tool's output schema: `--no-output-schemas`
 * (the flag, when given, wins) or `OPENSPEC_AGENT_OUTPUT_SCHEMAS=on|off`;
 * default on. A client that puts output schemas into the model's context
 * (Codex's code mode) costs its model fewer tokens with them off. Any other
 * value of the variable is a failure, so the server refuses to start instead
 * of guessing.
 */
export function chooseOutputSchemas(
  flag: boolean | undefined,
  setting: string | undefined,
): { ok: true; outputSchemas: boolean } | ToolFailure {
  if (flag !== undefined) return { ok: true, outputSchemas: flag };
  const word = (setting ?? "").trim().toLowerCase();
  if (word === "" || word === "on") return { ok: true, outputSchemas: true };
  if (word === "off") return { ok: true, outputSchemas: false };
  return toolFailure(
    "invalid_setting",
    `OPENSPEC_AGENT_OUTPUT_SCHEMAS is "${setting}", which is neither on nor off.`,
    "Set it to off to leave output schemas out of tools/list (as --no-output-schemas), or to on (the default).",
  );
}
