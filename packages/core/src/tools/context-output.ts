import { z } from "zod";
import { readWarningSchema, truncatedFields } from "../output-fields.js";
import { sequenceViewSchema } from "../sequence/sequence-view-schema.js";

/**
 * The answer's schema: a source overview, one change's content, one
 * spec's content, or one idea's. Built on call, so loading the tool costs no schema nodes.
 */
export function contextOutput() {
  const outline = z
    .literal(true)
    .optional()
    .describe("With detail summary: each Markdown text holds only its headings.");
  const taskProgress = z.strictObject({ completed: z.number().int(), total: z.number().int() });
  const scaffolded = z
    .literal(true)
    .optional()
    .describe(
      "Present for a change without proposal.md: scaffolded by openspec new change, or holding only tasks.md, specs/ or nothing; its proposal is null.",
    );

  /** Where the answer is from; every context answer starts with it. */
  const repositoryFields = {
    ok: z.literal(true),
    name: z.string().describe("The source's display name."),
    path: z.string().describe("The repository folder."),
    workdir: z.string().describe("Pass this as workdir to the other tools."),
    hint: z.string().describe("What to call next."),
    note: z
      .string()
      .optional()
      .describe("Which source a bare token was found in, or what a page left out."),
  };

  const overviewSchema = z.strictObject({
    ...repositoryFields,
    changes: z.array(
      z.strictObject({
        name: z.string(),
        token: z.string(),
        tasks: taskProgress.nullable().describe("Task progress from tasks.md; null without one."),
        last_modified: z
          .string()
          .nullable()
          .optional()
          .describe(
            "With last_modified: true, when the change last changed (ISO 8601): in a git work tree the last commit touching its folder, or its uncommitted edits' newest file time when later; elsewhere the newest file time, as openspec list's lastModified. Null when its folder may not be read.",
          ),
        scaffolded,
        sequence: sequenceViewSchema().optional(),
      }),
    ),
    archived_changes: z.array(
      z.strictObject({
        name: z.string(),
        token: z.string(),
        last_modified: z
          .string()
          .nullable()
          .optional()
          .describe(
            "With last_modified: true, the day the change was archived (YYYY-MM-DD, from its folder's name), else dated as an active change.",
          ),
        scaffolded,
      }),
    ),
    specs: z.array(z.strictObject({ path: z.string(), token: z.string() })),
    ideas: z.array(
      z.strictObject({
        slug: z.string(),
        title: z.string(),
        token: z.string(),
        change: z.string().optional().describe("The change it was promoted to."),
      }),
    ),
    totals: z
      .strictObject({
        changes: z.number().int(),
        archived_changes: z.number().int(),
        specs: z.number().int(),
        ideas: z.number().int(),
      })
      .describe("Entries matching the query, before paging."),
    page: z.strictObject({
      offset: z.number().int(),
      limit: z.number().int(),
      query: z.string().nullable(),
      next_offset: z.number().int().nullable().describe("The next page's offset, or null."),
    }),
    truncated: z.boolean().describe("A list goes on past this page; see note."),
    warnings: z.array(readWarningSchema()).optional(),
  });

  const changeSchema = z.strictObject({
    ...repositoryFields,
    change: z.strictObject({
      name: z.string(),
      token: z.string(),
      archived: z.boolean(),
      scaffolded: z.boolean(),
      path: z.string().describe("The change folder, relative to the repository root."),
      proposal: z.string().nullable(),
      tasks: z.string().nullable(),
      design: z.string().nullable(),
      task_progress: taskProgress.nullable(),
      sequence: sequenceViewSchema().optional(),
      specs: z.array(
        z.strictObject({
          path: z.string().describe("Relative to the change folder."),
          content: z.string(),
          ...truncatedFields(),
        }),
      ),
      warnings: z.array(readWarningSchema()).optional(),
      outline,
    }),
  });

  const specSchema = z.strictObject({
    ...repositoryFields,
    spec: z.strictObject({
      id: z.string(),
      path: z.string(),
      token: z.string(),
      content: z.string(),
      ...truncatedFields(),
      outline,
    }),
  });

  const ideaSchema = z.strictObject({
    ...repositoryFields,
    idea: z.strictObject({
      slug: z.string(),
      path: z.string(),
      token: z.string(),
      title: z.string(),
      origin: z.string().nullable(),
      created: z.string().nullable(),
      tags: z.array(z.string()),
      enriched: z.boolean(),
      feasibility: z.string().nullable(),
      tshirt_size: z.string().nullable(),
      change: z.string().nullable().describe("The change it was promoted to."),
      content: z.string(),
      ...truncatedFields(),
      outline,
    }),
  });

  return z.union([overviewSchema, changeSchema, specSchema, ideaSchema]);
}

/** A source overview: the answer for a bare `<source>`. */
export type ContextOverview = Extract<
  z.output<ReturnType<typeof contextOutput>>,
  { changes: unknown }
>;
