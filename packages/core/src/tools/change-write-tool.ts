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
    "Write one artifact of an active change (proposal, design, tasks or a delta spec) as a whole Markdown file.",
  notes:
    'Write one artifact of an existing active change, without the OpenSpec CLI: artifact "proposal", "design" or "tasks" (proposal.md, design.md, tasks.md), or "spec" with spec (the delta spec specs/<spec>/spec.md). content is the whole Markdown file, written atomically exactly as given. A missing file is created; an existing one is replaced only with force: true (else artifact_exists). Archived changes and paths leading out of the change folder are refused. Answers with the path, whether the file is new, warnings where `openspec validate --strict` (for a proposal, `openspec show`) would object to the artifact, and, when the CLI is there, its validation of the whole change.',
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        change: nameField("Active change."),
        artifact: z
          .enum(["proposal", "design", "tasks", "spec"])
          .describe("Which file; `spec` needs spec."),
        spec: z.string().min(1).max(256).optional().describe("The delta spec's id."),
        content: z.string().min(1).describe("The whole file."),
        force: z.boolean().optional().describe("Replace an existing file."),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({
      ok: z.literal(true),
      change: z.string().describe("The change name."),
      artifact: z.enum(["proposal", "design", "tasks", "spec"]),
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
    summary: "write a change's proposal, design, tasks or one delta spec (--spec)",
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
    const { writeChangeArtifact } = await import("@org/openspec-artifacts");
    const written = await writeChangeArtifact(repository, {
      change: input.change,
      artifact: input.artifact,
      spec: input.spec ?? null,
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
