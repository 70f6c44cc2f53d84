import type { ToolSuccess } from "@org/openspec-core";
import { z } from "zod";
import { formatTable } from "./format-table.js";
import { paint, type Terminal } from "./terminal.js";

type Renderer = (result: ToolSuccess, terminal: Terminal) => string;

/**
 * Readable views of the results people look at most. Each reads only the
 * keys it shows, parsed with zod, and falls back to JSON when they are absent.
 */
export const renderers: Readonly<Record<string, Renderer>> = {
  openspec_context: renderContext,
  openspec_list: renderCliList,
  openspec_validate: renderValidation,
  openspec_spec_show: renderSpec,
  openspec_spec_list: (result) =>
    listOrJson(result, z.object({ specs: z.array(z.string()) }), (data) =>
      data.specs.length === 0 ? "(no specs)" : data.specs.join("\n"),
    ),
  openspec_spec_create: (result, terminal) =>
    listOrJson(
      result,
      z.object({ path: z.string(), warnings: z.array(z.object({ message: z.string() })) }),
      (data) =>
        [
          `wrote ${data.path}`,
          ...data.warnings.map(
            (warning) => `${paint(terminal, "yellow", "warning")} ${warning.message}`,
          ),
        ].join("\n"),
    ),
  openspec_source_list: (result) =>
    listOrJson(result, z.object({ sources: z.array(sourceView) }), (data) =>
      data.sources.length === 0
        ? "(no sources registered; add one with: openspec-agent sources add <path>)"
        : formatTable(
            ["NAME", "TOKEN", "OPENSPEC", "PATH"],
            data.sources.map((source) => [
              source.display_name,
              source.token,
              source.has_openspec ? "yes" : "no",
              source.path,
            ]),
          ),
    ),
  openspec_source_add: renderSource,
  openspec_source_update: renderSource,
  openspec_source_remove: (result) =>
    listOrJson(
      result,
      z.object({ source: sourceView }),
      ({ source }) =>
        `removed ${source.display_name} (${source.token}); ${source.path} was not touched`,
    ),
};

const sourceView = z.object({
  token: z.string(),
  display_name: z.string(),
  path: z.string(),
  has_openspec: z.boolean(),
});

function renderSource(result: ToolSuccess): string {
  return listOrJson(
    result,
    z.object({ source: sourceView }),
    ({ source }) =>
      `${source.display_name} ${source.token} ${source.path}${source.has_openspec ? "" : " (no openspec/ folder yet)"}`,
  );
}

function listOrJson<T>(
  result: ToolSuccess,
  schema: z.ZodType<T>,
  render: (data: T) => string,
): string {
  const parsed = schema.safeParse(result);
  return parsed.success ? render(parsed.data) : JSON.stringify(result, null, 2);
}

const contextOverview = z.object({
  name: z.string(),
  path: z.string(),
  hint: z.string(),
  changes: z.array(
    z.object({
      name: z.string(),
      token: z.string(),
      tasks: z.object({ completed: z.number(), total: z.number() }).nullable(),
      scaffolded: z.boolean().optional(),
    }),
  ),
  archived_changes: z.array(
    z.object({ name: z.string(), token: z.string(), scaffolded: z.boolean().optional() }),
  ),
  specs: z.array(z.object({ path: z.string(), token: z.string() })),
  totals: z.object({ changes: z.number(), archived_changes: z.number(), specs: z.number() }),
  note: z.string().optional(),
});
const contextChange = z.object({
  change: z.object({
    name: z.string(),
    token: z.string(),
    archived: z.boolean(),
    scaffolded: z.boolean().optional(),
    proposal: z.string().nullable(),
    tasks: z.string().nullable(),
    design: z.string().nullable(),
    specs: z.array(z.object({ path: z.string(), content: z.string() })),
  }),
});
const contextSpec = z.object({
  spec: z.object({ path: z.string(), token: z.string(), content: z.string() }),
});

function renderContext(result: ToolSuccess, terminal: Terminal): string {
  const heading = (text: string) => paint(terminal, "bold", text);
  const change = contextChange.safeParse(result);
  if (change.success) {
    const { change: c } = change.data;
    const files: [string, string | null][] = [
      ["proposal.md", c.proposal],
      ["design.md", c.design],
      ["tasks.md", c.tasks],
    ];
    return [
      heading(
        `${c.name} ${c.token}${c.archived ? " (archived)" : ""}${c.scaffolded ? " (scaffolded: no proposal.md yet)" : ""}`,
      ),
      ...files
        .filter(([, text]) => text !== null)
        .map(([file, text]) => `\n${heading(`--- ${file}`)}\n${text?.trimEnd()}`),
      ...c.specs.map((spec) => `\n${heading(`--- ${spec.path}`)}\n${spec.content.trimEnd()}`),
    ].join("\n");
  }
  const spec = contextSpec.safeParse(result);
  if (spec.success)
    return `${heading(`${spec.data.spec.path} ${spec.data.spec.token}`)}\n\n${spec.data.spec.content.trimEnd()}`;
  return listOrJson(result, contextOverview, (data) => {
    const parts = [heading(`${data.name}  ${data.path}`), paint(terminal, "dim", data.hint)];
    parts.push(`\n${heading(`Changes (${data.totals.changes})`)}`);
    parts.push(
      data.changes.length === 0
        ? "(none)"
        : formatTable(
            ["TOKEN", "CHANGE", "TASKS"],
            data.changes.map((c) => [
              c.token,
              c.scaffolded ? `${c.name} (scaffolded)` : c.name,
              c.tasks ? `${c.tasks.completed}/${c.tasks.total}` : "-",
            ]),
          ),
    );
    if (data.totals.archived_changes > 0) {
      parts.push(`\n${heading(`Archived changes (${data.totals.archived_changes})`)}`);
      parts.push(
        formatTable(
          ["TOKEN", "CHANGE"],
          data.archived_changes.map((c) => [
            c.token,
            c.scaffolded ? `${c.name} (scaffolded)` : c.name,
          ]),
        ),
      );
    }
    parts.push(`\n${heading(`Specs (${data.totals.specs})`)}`);
    parts.push(
      data.specs.length === 0
        ? "(none)"
        : formatTable(
            ["TOKEN", "SPEC"],
            data.specs.map((s) => [s.token, s.path]),
          ),
    );
    if (data.note) parts.push(`\n${paint(terminal, "yellow", data.note)}`);
    return parts.join("\n");
  });
}

const listedChanges = z.object({
  stdout: z.object({
    changes: z.array(
      z.object({
        name: z.string(),
        completedTasks: z.number(),
        totalTasks: z.number(),
        status: z.string(),
      }),
    ),
  }),
});
const listedSpecs = z.object({
  stdout: z.object({ specs: z.array(z.object({ id: z.string(), requirementCount: z.number() })) }),
});

function renderCliList(result: ToolSuccess): string {
  const changes = listedChanges.safeParse(result);
  if (changes.success) {
    const rows = changes.data.stdout.changes;
    return rows.length === 0
      ? "(no active changes)"
      : formatTable(
          ["CHANGE", "TASKS", "STATUS"],
          rows.map((c) => [c.name, `${c.completedTasks}/${c.totalTasks}`, c.status]),
        );
  }
  return listOrJson(result, listedSpecs, (data) =>
    data.stdout.specs.length === 0
      ? "(no specs)"
      : formatTable(
          ["SPEC", "REQUIREMENTS"],
          data.stdout.specs.map((s) => [s.id, String(s.requirementCount)]),
        ),
  );
}

const validation = z.object({
  stdout: z.object({
    items: z.array(
      z.object({
        id: z.string(),
        type: z.string(),
        valid: z.boolean(),
        issues: z.array(z.object({ level: z.string(), path: z.string(), message: z.string() })),
      }),
    ),
    summary: z.object({
      totals: z.object({ items: z.number(), passed: z.number(), failed: z.number() }),
    }),
  }),
});

function renderValidation(result: ToolSuccess, terminal: Terminal): string {
  return listOrJson(result, validation, ({ stdout }) => {
    const lines = stdout.items.flatMap((item) => [
      `${item.valid ? paint(terminal, "green", "valid  ") : paint(terminal, "red", "invalid")} ${item.type} ${item.id}`,
      ...item.issues.map((issue) => `  ${issue.level} ${issue.path}: ${issue.message}`),
    ]);
    const { items, passed, failed } = stdout.summary.totals;
    return [...lines, `${items} items, ${passed} valid, ${failed} invalid`].join("\n");
  });
}

const shownSpec = z.object({
  title: z.string(),
  purpose: z.string(),
  path: z.string(),
  requirements: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      operation: z.string().optional(),
      scenarios: z.array(
        z.object({
          name: z.string(),
          steps: z.array(z.object({ type: z.string(), text: z.string() })),
        }),
      ),
    }),
  ),
});

function renderSpec(result: ToolSuccess, terminal: Terminal): string {
  return listOrJson(result, shownSpec, (spec) =>
    [
      paint(terminal, "bold", spec.title),
      paint(terminal, "dim", spec.path),
      spec.purpose ? `\n${spec.purpose}` : "",
      ...spec.requirements.flatMap((requirement) => [
        `\n${paint(terminal, "bold", `${requirement.operation ? `[${requirement.operation}] ` : ""}Requirement: ${requirement.name}`)}`,
        requirement.description,
        ...requirement.scenarios.flatMap((scenario) => [
          `  ${paint(terminal, "cyan", `Scenario: ${scenario.name}`)}`,
          ...scenario.steps.map((step) => `    ${step.type} ${step.text}`),
        ]),
      ]),
    ]
      .filter((line) => line !== "")
      .join("\n"),
  );
}
