import { z } from "zod";
import { builtOnFirstUse } from "./built-on-first-use.js";

/** Something an answer left out or cut, and why; see `ReadWarning` in the artifacts package. */
export const readWarningSchema = builtOnFirstUse(() =>
  z
    .strictObject({
      code: z.enum([
        "unreadable",
        "not_a_regular_file",
        "unsupported_encoding",
        "symlink_loop",
        "symlink_duplicate",
        "truncated",
      ]),
      path: z.string().describe("Relative to the repository root."),
      message: z.string(),
      size: z.number().int().optional().describe("For truncated: the file's full size in bytes."),
    })
    .describe("A file or folder that was not read, or was cut, and why."),
);

/** Present (true) only when a file was cut at the artifact size cap. */
export const truncatedFields = builtOnFirstUse(() => ({
  truncated: z
    .literal(true)
    .optional()
    .describe("Present when only the file's first part is here."),
  size: z.number().int().optional().describe("The file's full size in bytes; with truncated."),
}));

/** A JSON document as the OpenSpec CLI printed it, or its text when it printed no JSON. */
export const cliOutputSchema = builtOnFirstUse(() =>
  z
    .union([z.record(z.string(), z.unknown()), z.array(z.unknown()), z.string()])
    .describe(
      "The CLI's stdout: its one JSON document, unchanged (shapes per command in the CLI's contract), or the text when it printed no JSON.",
    ),
);

/** A diagnostic the CLI reported in a `status` array. */
export const cliDiagnosticSchema = builtOnFirstUse(() =>
  z.strictObject({
    severity: z
      .string()
      .describe("error, warning or info; a newer CLI's own severity is passed on."),
    code: z.string(),
    message: z.string(),
    target: z.string().optional(),
    fix: z.string().optional(),
  }),
);

/** The fields of one finished OpenSpec CLI run, as the CLI runner reports it. */
export const cliRunFields = builtOnFirstUse(() => ({
  ok: z.literal(true),
  command: z.array(z.string()).describe("The argv as run, binary first."),
  workdir: z.string().describe("The folder the CLI ran in."),
  exit_code: z.literal(0),
  signal: z.string().nullable().describe("Always null for a run that succeeded."),
  stdout: cliOutputSchema(),
  stderr: z.string(),
  truncated: z.boolean().describe("True when output went past the cap and its rest was dropped."),
  duration_ms: z.number(),
  diagnostics: z.array(cliDiagnosticSchema()),
  cached: z
    .literal(true)
    .optional()
    .describe(
      "Present when the answer is an earlier run's of the same command on unchanged files (list, validate and show only); it equals what a fresh run would print.",
    ),
  computed_at: z
    .string()
    .optional()
    .describe("With cached: when that earlier run ended (ISO 8601)."),
}));

/** A registered source as the source tools return it. */
export const sourceViewSchema = builtOnFirstUse(() =>
  z.strictObject({
    token: z.string().describe("The source's stable os_ token."),
    name: z.string().nullable().describe("Its vanity name, or null."),
    display_name: z.string().describe("The vanity name, else the folder's basename."),
    path: z.string().describe("The repository folder."),
    has_openspec: z.boolean().describe("Whether the folder holds openspec/ now."),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);

/** A structural problem the spec parser found, with its line. */
export const specDiagnosticSchema = builtOnFirstUse(() =>
  z.strictObject({
    code: z.string(),
    severity: z.enum(["error", "warning"]),
    message: z.string(),
    line: z.number().int(),
  }),
);

/** Where `openspec validate --strict` would object to a spec just written, found without the CLI. */
export const specWarningSchema = builtOnFirstUse(() =>
  z.strictObject({
    code: z.string(),
    message: z.string(),
    requirement: z.string().optional(),
  }),
);
