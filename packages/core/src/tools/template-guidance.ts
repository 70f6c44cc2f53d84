import { join } from "node:path";
import { type Repository, readRepositoryText, tooMuchYamlStructure } from "@org/openspec-artifacts";
import { schemaWhichArgs, templatesArgs } from "@org/openspec-cli-runner";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { builtOnFirstUse } from "../built-on-first-use.js";
import type { CatalogContext } from "../catalog-context.js";
import { isRefusedRun } from "../is-refused-run.js";
import { parseUntrusted } from "../parse-untrusted.js";
import { type ToolFailure, toolFailure } from "../tool-result.js";
import type { TemplateInstructions } from "./instructions-output.js";

const DEFAULT_SCHEMA = "spec-driven";

// Only the parts of the CLI's JSON and schema.yaml that the guidance needs.
const schemaWhichOutput = builtOnFirstUse(() => z.object({ path: z.string() }));
const templatesOutput = builtOnFirstUse(() => z.record(z.string(), z.object({ path: z.string() })));
const schemaFile = builtOnFirstUse(() =>
  z.object({
    artifacts: z.array(
      z.object({
        id: z.string(),
        generates: z.string().optional(),
        description: z.string().optional(),
        instruction: z.string().optional(),
        requires: z.array(z.string()).optional(),
      }),
    ),
  }),
);

/**
 * Instructions for an artifact when the repository has no change yet (the CLI
 * refuses `instructions` then): the schema's description, instruction and
 * template, found through `openspec schema which` and `openspec templates`.
 */
export async function templateGuidance(
  context: CatalogContext,
  repository: Repository,
  artifact: string,
  schema: string | undefined,
): Promise<TemplateInstructions | ToolFailure> {
  const schemaName = schema ?? configuredSchema(repository) ?? DEFAULT_SCHEMA;
  const whichArgs = schemaWhichArgs({ name: schemaName });
  const templateArgs = templatesArgs({ schema: schemaName });
  if (!whichArgs.ok) return toolFailure(whichArgs.code, whichArgs.error);
  if (!templateArgs.ok) return toolFailure(templateArgs.code, templateArgs.error);
  const [which, templates] = await Promise.all([
    context.runCli(whichArgs.args, repository.root),
    context.runCli(templateArgs.args, repository.root),
  ]);
  // Refused before the CLI ran: the refusal says what in the source to fix.
  const refused = [which, templates].find((run) => !run.ok && isRefusedRun(run));
  if (refused !== undefined && !refused.ok)
    return toolFailure(refused.code, refused.error, refused.fix);
  const commands = [which.command, templates.command];
  const whichJson = schemaWhichOutput().safeParse(which.stdout);
  if (!which.ok || !whichJson.success) {
    return toolFailure(
      "unknown_schema",
      `The OpenSpec CLI could not find the schema "${schemaName}".`,
      "Pass a {field:schema} that `{openspec} schemas` lists, or leave it out.",
      { commands, workdir: repository.root, stderr: which.stderr },
    );
  }
  const schemaPath = join(whichJson.data.path, "schema.yaml");
  const definition = readSchemaFile(schemaPath);
  if (definition === TOO_STRUCTURED) {
    return toolFailure(
      "config_too_structured",
      `The schema "${schemaName}"'s schema.yaml holds more structure than a schema has, so it is not read.`,
      "Cut the schema down to its artifacts, or create a change first and ask again (the CLI then reads it in a process of its own).",
      { commands, workdir: repository.root },
    );
  }
  const entry = definition?.artifacts.find((candidate) => candidate.id === artifact);
  if (!definition || !entry) {
    const known =
      definition?.artifacts.map((candidate) => candidate.id).join(", ") ?? "none readable";
    return toolFailure(
      "unknown_artifact",
      `The schema "${schemaName}" has no artifact "${artifact}".`,
      `Ask for one of: ${known}.`,
      { commands, workdir: repository.root },
    );
  }
  const templatePath = templatesOutput().safeParse(templates.stdout).data?.[artifact]?.path;
  return {
    ok: true,
    fallback: true,
    note: "The repository has no change yet, so this guidance comes from the schema and its template. Create a change with {tool:openspec_change_create} for change-specific instructions.",
    artifact,
    change: null,
    workdir: repository.root,
    commands,
    stdout: {
      artifactId: entry.id,
      schemaName,
      outputPath: entry.generates ?? null,
      description: entry.description ?? "",
      instruction: entry.instruction ?? "",
      template: templatePath ? readRepositoryText(templatePath) : null,
      dependencies: (entry.requires ?? []).map((id) => ({ id, done: false })),
      unlocks: definition.artifacts
        .filter((candidate) => candidate.requires?.includes(artifact))
        .map((candidate) => candidate.id),
    },
  };
}

/**
 * The `schema:` of `openspec/config.yaml`, when it names one. A file with more
 * structure than a configuration has is not parsed (seconds of the event
 * loop): it names none here, and the CLI run that follows is refused for it
 * (`config_too_structured`) unless stores are allowed.
 */
function configuredSchema(repository: Repository): string | undefined {
  const text = readRepositoryText(join(repository.openspecDir, "config.yaml"), repository);
  if (text === null || tooMuchYamlStructure(text)) return undefined;
  return parseUntrusted(z.object({ schema: z.string().min(1) }), safeYaml(text))?.schema;
}

/** What `readSchemaFile` answers for a schema.yaml it leaves unparsed. */
const TOO_STRUCTURED = "too_structured" as const;

/**
 * A schema's `schema.yaml`, which may live in the repository (a project
 * schema): one with more structure than a schema has is not parsed, since the
 * parser would hold the event loop for seconds.
 */
function readSchemaFile(
  path: string,
): z.infer<ReturnType<typeof schemaFile>> | null | typeof TOO_STRUCTURED {
  // The schema may live in the repository or in the CLI's package; either way a FIFO must not block.
  const text = readRepositoryText(path);
  if (text === null) return null;
  if (tooMuchYamlStructure(text)) return TOO_STRUCTURED;
  return parseUntrusted(schemaFile(), safeYaml(text)) ?? null;
}

function safeYaml(text: string): unknown {
  try {
    return parseYaml(text);
  } catch {
    return null;
  }
}
