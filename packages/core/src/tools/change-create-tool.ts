import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import type { ChangeContentInput, Repository } from "@org/openspec-artifacts";
import { z } from "zod";
import { builtOnFirstUse } from "../built-on-first-use.js";
import type { CatalogContext } from "../catalog-context.js";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { isRefusedRun } from "../is-refused-run.js";
import { defineTool, writingTool } from "../tool-definition.js";
import type { ResultBlock } from "../tool-presentation.js";
import { type ToolFailure, toolFailure } from "../tool-result.js";
import { fromArtifactFailure } from "./from-artifact-failure.js";
import { inRepository } from "./in-repository.js";
import { renderWarnings } from "./render-warnings.js";
import { requirementSchema } from "./spec-create-tool.js";
import {
  notValidated,
  renderValidation,
  validateChange,
  validationSchema,
} from "./validate-change.js";

const line = (max = 500) => z.string().min(1).max(max);

const deltaSpecSchema = builtOnFirstUse(() =>
  z
    .object({
      name: z.string().min(1).max(256).describe("Spec id, kebab-case."),
      purpose: z.string().min(1).max(10_000).optional().describe("New spec only; 50+ characters."),
      added: z.array(requirementSchema()).max(200).optional(),
      // Published as objects "as in added" rather than the requirement's shape
      // again (about 120 tokens of every session); checked as whole requirements.
      modified: z
        .array(z.looseObject({}))
        .max(200)
        .pipe(z.array(requirementSchema()))
        .optional()
        .describe("Whole requirements as in added, every scenario included."),
      removed: z
        .array(
          z
            .object({
              name: line(200),
              reason: line(),
              migration: line().optional(),
            })
            .strict(),
        )
        .max(200)
        .optional(),
      renamed: z
        .array(z.object({ from: line(200), to: line(200) }).strict())
        .max(200)
        .optional()
        .describe("Names only."),
    })
    .strict(),
);

export const changeCreateTool = defineTool({
  name: "openspec_change_create",
  description:
    "Propose a change in one call: proposal, tasks, design and delta specs, written whole or not at all.",
  notes:
    "Propose a change in one call, without the OpenSpec CLI: writes openspec/changes/<name>/ with proposal.md (Why, What Changes, Capabilities, Impact), tasks.md (sections numbered 1.1, 1.2…), design.md, one delta spec per capability (ADDED/MODIFIED requirements, REMOVED with a reason, RENAMED) and .openspec.yaml (from `openspec new change` when the CLI is there). The change appears whole or not at all. Refuses an existing active change (change_exists) unless force is true, which replaces the given files and names the others it left. Returns the change's token, the files written, warnings where `openspec validate --strict` would object, and, when the CLI is there, its validation of the change.",
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        name: nameField("Change name, kebab-case."),
        why: z.string().min(1).max(10_000).describe("50 to 1000 characters of Markdown."),
        what_changes: z.array(line(2000)).min(1).max(100),
        impact: z
          .string()
          .min(1)
          .max(10_000)
          .optional()
          .describe("Affected code, APIs or systems."),
        design: z.string().min(1).max(100_000).optional().describe("Whole design.md."),
        tasks: z
          .array(
            z
              .object({
                title: line(200),
                items: z.array(line(2000)).min(1).max(200),
              })
              .strict(),
          )
          .max(50)
          .optional()
          .describe("Task sections; numbered for you."),
        specs: z.array(deltaSpecSchema()).max(50).optional().describe("One per capability."),
        schema: nameField("Workflow schema.").optional(),
        force: z.boolean().optional().describe("Replace an existing change's files."),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({
      ok: z.literal(true),
      change: z.string().describe("The change name."),
      token: z.string().describe("The change's token, as openspec_context hands it out."),
      path: z.string().describe("The change folder, relative to the repository root."),
      schema: z.string().describe("The workflow schema its .openspec.yaml names."),
      files: z.array(z.string()).describe("Every file written, relative to the repository root."),
      overwritten: z.boolean().describe("Whether an existing file was replaced (force)."),
      warnings: z
        .array(
          z.strictObject({
            code: z.string(),
            message: z.string(),
            spec: z.string().optional(),
            requirement: z.string().optional(),
          }),
        )
        .describe("What `openspec validate --strict` or a later archive would object to."),
      validation: validationSchema().nullable().describe("Null when the CLI could not validate."),
      note: z.string().optional().describe("Why validation is null, and what to do."),
    }),
  requiresCli: false,
  annotations: writingTool("Create an OpenSpec change", true),
  presentation: {
    command: ["change", "create"],
    summary: "propose a change: proposal, tasks, design and delta specs in one go",
    arguments: ["name"],
    shortFlags: { source: "s", workdir: "w" },
    paths: ["workdir"],
    fallsShort: (result) => result.validation?.valid === false,
    render: (result) => [
      {
        kind: "text",
        text: `${result.overwritten ? "rewrote" : "created"} ${result.path} (${result.token})`,
      },
      ...result.files.map(
        (file): ResultBlock => ({ kind: "text", text: `  ${file}`, tone: "dim" }),
      ),
      ...renderWarnings(result.warnings),
      ...renderValidation(result.validation, result.note),
    ],
  },
  handler: inRepository(async (input, context, repository) => {
    const { checkProposalWhy } = await import("./check-proposal-why.js");
    const refused = checkProposalWhy(input.why);
    if (refused) return refused;
    return writeChange(context, repository, {
      name: input.name,
      why: input.why,
      whatChanges: input.what_changes,
      impact: input.impact ?? null,
      design: input.design ?? null,
      tasks: input.tasks ?? [],
      specs: input.specs ?? [],
      schema: input.schema ?? null,
      force: input.force === true,
    });
  }),
});

/**
 * openspec_change_create's writer: checks the content, takes `.openspec.yaml`
 * from `openspec new change` when the CLI is there, writes the change whole
 * or not at all, and validates it with the CLI. openspec_idea_promote writes
 * through it too, so a promoted change is written exactly as a proposed one.
 */
export async function writeChange(
  context: CatalogContext,
  repository: Repository,
  content: ChangeContentInput & { force: boolean },
) {
  const { checkChangeContent, createChange } = await import("@org/openspec-artifacts");
  const bad = checkChangeContent(content);
  if (bad) return fromArtifactFailure(bad);
  const cli = repository.hasOpenSpec ? await context.findCli() : null;
  const metadata = cli?.ok
    ? await metadataFromCli(context, repository, {
        name: content.name,
        ...(content.schema == null ? {} : { schema: content.schema }),
      })
    : null;
  if (metadata !== null && !metadata.ok) return metadata;
  const created = await createChange(repository, { ...content, metadata: metadata?.text ?? null });
  if (!created.ok) return fromArtifactFailure(created);
  const { name, ok: _ok, ...rest } = created;
  const checked = cli?.ok
    ? await validateChange(context, repository, name)
    : {
        validation: null,
        note: notValidated(cli === null ? null : "the OpenSpec CLI was not found"),
      };
  return { ok: true as const, change: name, ...rest, ...checked };
}

/**
 * The `.openspec.yaml` `openspec new change` writes for this change. The CLI
 * makes its folder with plain, symlink-following writes, so it runs in a
 * scratch project holding the repository's config (and, read-only, its
 * project schemas), and the text it wrote is then placed race-safely.
 */
async function metadataFromCli(
  context: CatalogContext,
  repository: Repository,
  input: { name: string; schema?: string | undefined },
): Promise<{ ok: true; text: string } | ToolFailure> {
  const { newChangeArgs } = await import("@org/openspec-cli-runner");
  const { readRepositoryText } = await import("@org/openspec-artifacts");
  const args = newChangeArgs({
    name: input.name,
    ...(input.schema === undefined ? {} : { schema: input.schema }),
  });
  if (!args.ok) {
    return toolFailure(
      "invalid_input",
      `The change name "${input.name}" cannot be passed to the CLI.`,
      "Correct the name and call again.",
    );
  }
  const scratch = mkdtempSync(join(tmpdir(), "openspec-change-"));
  try {
    const openspec = join(scratch, "openspec");
    mkdirSync(join(openspec, "specs"), { recursive: true });
    mkdirSync(join(openspec, "changes", "archive"), { recursive: true });
    for (const file of ["config.yaml", "config.yml"]) {
      const text = readRepositoryText(join(repository.openspecDir, file), repository);
      if (text !== null) writeFileSync(join(openspec, file), text);
    }
    // Project schemas are linked only when they stay inside the repository.
    const schemas = folderInside(repository, join(repository.openspecDir, "schemas"));
    if (schemas !== null) symlinkSync(schemas, join(openspec, "schemas"));
    // Confined, the run writes only the scratch folder and reads the linked schemas;
    // the checks before it look at the source the scratch folder copies.
    const run = await context.runCli(args.args, scratch, {
      writes: true,
      warm: false,
      source: repository.root,
      ...(schemas === null ? {} : { alsoReads: [schemas] }),
    });
    // Cancelled: the CLI only ever wrote to the scratch folder, so nothing of the change exists.
    if (!run.ok && run.code === "cancelled") {
      return toolFailure(run.code, run.error, "Call again if the change is still wanted.");
    }
    // Refused before the CLI ran: the refusal already says what in the source to fix.
    if (!run.ok && isRefusedRun(run)) return toolFailure(run.code, run.error, run.fix);
    if (!run.ok) {
      const said = run.diagnostics[0]?.message.split("\n")[0];
      return toolFailure(
        run.code === "exit_nonzero" ? "invalid_input" : run.code,
        `openspec new change refused the change${said ? `: ${said}` : ""}.`,
        input.schema === undefined
          ? "Check the project's openspec/config.yaml, then call again."
          : "Pass a {field:schema} that `{openspec} schemas` lists, or leave it out.",
      );
    }
    return {
      ok: true,
      text: readFileSync(join(openspec, "changes", input.name, ".openspec.yaml"), "utf8"),
    };
  } catch (error) {
    return toolFailure(
      "cli_failed",
      `Could not prepare the change's metadata with the CLI: ${error instanceof Error ? error.message : String(error)}.`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The real path of a folder inside the repository, or null (missing, not a folder, or leading out). */
function folderInside(repository: Repository, path: string): string | null {
  try {
    const real = realpathSync.native(path);
    const inside = real.startsWith(`${repository.realRoot}${sep}`);
    return inside && statSync(real).isDirectory() ? real : null;
  } catch {
    return null;
  }
}
