import type { Repository } from "@org/openspec-artifacts";
import type { CatalogContext } from "../catalog-context.js";
import { type ToolFailure, toolFailure } from "../tool-result.js";

type StatusArtifacts = { schemaName: string; artifacts: { id: string; outputPath: string }[] };
type SchemaOfChange = { ok: true } & StatusArtifacts;

/**
 * The file an artifact of a change's schema other than proposal, design, tasks
 * and spec generates (`decisions.md` of a schema with a decisions step),
 * relative to the change folder, as `openspec status` reports it: from the
 * files when the reader covers the change, else from the CLI, which resolves
 * project, user and built-in schemas. A repository on its own schema writes
 * such artifacts in every change, and an agent has no other tool to write them.
 */
export async function schemaArtifactFile(
  context: CatalogContext,
  repository: Repository,
  change: string,
  artifact: string,
): Promise<{ ok: true; output: string } | ToolFailure> {
  const status = await changeStatus(context, repository, change);
  if (!status.ok) return status;
  const found = status.artifacts.find((entry) => entry.id === artifact);
  const ids = status.artifacts.map((entry) => entry.id).join(", ");
  if (found === undefined) {
    return toolFailure(
      "unknown_artifact",
      `"${artifact.slice(0, 40)}" is not an artifact of the schema ${status.schemaName} of change "${change}"; its artifacts are ${ids}.`,
      "Pass one of the artifacts the error names as {field:artifact}.",
    );
  }
  if (/[*?[\]{}]/.test(found.outputPath)) {
    return toolFailure(
      "invalid_input",
      `"${artifact}" generates a set of files (${found.outputPath}), not one file.`,
      "Write one delta spec at a time: artifact spec, with its id as {field:spec}.",
    );
  }
  return { ok: true, output: found.outputPath };
}

async function changeStatus(
  context: CatalogContext,
  repository: Repository,
  change: string,
): Promise<SchemaOfChange | ToolFailure> {
  const { statusNatively } = await import("./status-natively.js");
  const native = await statusNatively(context, repository, change, undefined);
  if ("status" in native) {
    return { ok: true, schemaName: native.status.schemaName, artifacts: native.status.artifacts };
  }
  if (native.refusal !== undefined) {
    const { refusedAnswer } = await import("./refused-answer.js");
    return refusedAnswer(native.refusal);
  }
  const { statusArgs } = await import("@org/openspec-cli-runner");
  const { runCliCommand } = await import("./run-cli-tool.js");
  const { wordMetadataRefusal } = await import("./word-metadata-refusal.js");
  const ran = wordMetadataRefusal(
    await runCliCommand(context, repository, statusArgs({ change })),
    change,
  );
  if (!ran.ok) return ran;
  const stdout = ran.stdout as Partial<StatusArtifacts> | undefined;
  if (!Array.isArray(stdout?.artifacts) || typeof stdout.schemaName !== "string") {
    return toolFailure(
      "cli_output_unexpected",
      `openspec status --change ${change} --json gave no artifacts of the change's schema.`,
      "Check the change with {tool:openspec_status}, then call again.",
    );
  }
  return { ok: true, schemaName: stdout.schemaName, artifacts: stdout.artifacts };
}
