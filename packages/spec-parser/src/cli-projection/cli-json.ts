/** A requirement as `openspec show --json` prints it. */
export type CliRequirement = { text: string; scenarios: { rawText: string }[] };

/** `openspec show <spec-id> --type spec --json`, without the `root` the CLI may add. */
export type CliSpecJson = {
  id: string;
  title: string;
  overview: string;
  requirementCount: number;
  requirements: CliRequirement[];
  metadata: { version: string; format: "openspec" };
};

export type CliDeltaOperation = "ADDED" | "MODIFIED" | "REMOVED" | "RENAMED";

/** One entry of `deltas` in `openspec show <change> --type change --json`. */
export type CliDelta = {
  spec: string;
  operation: CliDeltaOperation;
  description: string;
  requirement?: CliRequirement;
  requirements?: CliRequirement[];
  rename?: { from: string; to: string };
};

/** `openspec show <change> --type change --json`, without the `root` the CLI may add. */
export type CliChangeJson = { id: string; title: string; deltaCount: number; deltas: CliDelta[] };
