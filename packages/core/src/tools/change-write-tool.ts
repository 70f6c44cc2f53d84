import { z } from "zod";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { specWarningSchema } from "../output-fields.js";
import { defineTool, writingTool } from "../tool-definition.js";
import { fromArtifactFailure } from "./from-artifact-failure.js";
import { inRepository } from "./in-repository.js";
import { renderWarnings } from "./render-warnings.js";
import {
  notValidated,
  renderValidation,
  validateChange,
  validationSchema,
} from "./validate-change.js";

export const changeWriteTool = defineTool({
  name: "openspec_change_write",
  description:
    "Write one artifact of an active change (proposal, design, tasks, a delta spec or another of its schema) as a whole file.",
  notes:
    'Write one artifact of an existing active change, without the OpenSpec CLI: artifact "proposal", "design" or "tasks" (proposal.md, design.md, tasks.md), or "spec" with spec (the delta spec specs/<spec>/spec.md), or the id of another artifact of the schema of the change (the "decisions" of a project schema), written to the one file the schema generates for it, as openspec_status lists it (unknown_artifact names the artifacts of the schema). content is the whole Markdown file, written atomically exactly as given. A missing file is created; an existing one is replaced only with force: true (else artifact_exists). Archived changes and paths leading out of the change folder are refused. Answers with the path, whether the file is new, warnings where `openspec validate --strict` (for a proposal, `openspec show`) would object to the artifact, and, when the CLI is there, its validation of the whole change.',
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        change: nameField("Active change."),
        artifact: z
          .string()
          .min(1)
          .max(64)
          .describe("proposal, design, tasks, spec (needs spec), or another id of its schema."),
        spec: z.string().min(1).max(256).optional().describe("The delta spec's id."),
        content: z.string().min(1).describe("The whole file."),
        force: z.boolean().optional().describe("Replace an existing file."),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({
      ok: z.literal(true),
      change: z.string().describe("The change name."),
      artifact: z.string().describe("The artifact written."),
      spec: z.string().optional().describe("The delta spec's id, for artifact spec."),
      path: z.string().describe("The written file, relative to the repository root."),
      created: z.boolean().describe("true for a new file, false when force replaced one."),
      bytes: z.number().int().describe("The size written, in bytes."),
      warnings: z
        .array(specWarningSchema())
        .describe("What `openspec validate --strict` (or `openspec show`) would object to."),
      validation: validationSchema().nullable().describe("Null when the CLI could not validate."),
      note: z.string().optional().describe("Why validation is null, and what to do."),
    }),
  requiresCli: false,
  annotations: {
    ...writingTool("Write an artifact of an OpenSpec change", true),
    idempotentHint: true,
  },
  presentation: {
    command: ["change", "write"],
    summary:
      "write a change's proposal, design, tasks, one delta spec (--spec) or another artifact of its schema",
    arguments: ["change", "artifact"],
    shortFlags: { source: "s", workdir: "w" },
    paths: ["workdir"],
    documents: ["content"],
    render: (result) => [
      { kind: "text", text: `${result.created ? "created" : "replaced"} ${result.path}` },
      { kind: "text", text: `  ${result.bytes} bytes`, tone: "dim" },
      ...renderWarnings(result.warnings),
      ...renderValidation(result.validation, result.note),
    ],
  },
  handler: inRepository(async (input, context, repository) => {
    const { isChangeArtifactKind, writeChangeArtifact } = await import("@org/openspec-artifacts");
    let output: string | null = null;
    if (!isChangeArtifactKind(input.artifact)) {
      const { schemaArtifactFile } = await import("./schema-artifact-file.js");
      const file = await schemaArtifactFile(context, repository, input.change, input.artifact);
      if (!file.ok) return file;
      output = file.output;
    }
    const written = await writeChangeArtifact(repository, {
      change: input.change,
      artifact: input.artifact,
      spec: input.spec ?? null,
      output,
      content: input.content,
      force: input.force === true,
      maxBytes: context.maxArtifactBytes,
    });
    if (!written.ok) return fromArtifactFailure(written);
    const { ok: _ok, ...rest } = written;
    const cli = await context.findCli();
    const checked = cli.ok
      ? await validateChange(context, repository, written.change)
      : { validation: null, note: notValidated("the OpenSpec CLI was not found") };
    return { ok: true as const, ...rest, ...checked };
  }),
});
