import { z } from "zod";
import { builtOnFirstUse } from "../built-on-first-use.js";
import { cliRunFields } from "../output-fields.js";

const cliInstructions = builtOnFirstUse(() =>
  z.strictObject({
    ...cliRunFields(),
    artifact: z.string().describe("The artifact id as the CLI knows it."),
    change: z.string().nullable().describe("The change the instructions are for."),
    note: z.string().optional().describe("Says which change was picked when none was named."),
  }),
);

export const templateInstructions = builtOnFirstUse(() =>
  z.strictObject({
    ok: z.literal(true),
    fallback: z
      .literal(true)
      .describe("The repository has no change yet: guidance from the schema."),
    note: z.string(),
    artifact: z.string(),
    change: z.null(),
    workdir: z.string(),
    commands: z.array(z.array(z.string())).describe("The CLI commands the guidance was read with."),
    stdout: z.strictObject({
      artifactId: z.string(),
      schemaName: z.string(),
      outputPath: z.string().nullable(),
      description: z.string(),
      instruction: z.string(),
      template: z.string().nullable(),
      dependencies: z.array(z.strictObject({ id: z.string(), done: z.boolean() })),
      unlocks: z.array(z.string()),
    }),
  }),
);

/** The CLI's own instructions, or, before the first change, the schema's template. */
export const instructionsOutput = builtOnFirstUse(() =>
  z.union([cliInstructions(), templateInstructions()]),
);

export type TemplateInstructions = z.output<ReturnType<typeof templateInstructions>>;
