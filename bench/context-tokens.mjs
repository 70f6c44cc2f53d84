import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { specMarkdown } from "./generate-repository.mjs";
import { benchResult } from "./result.mjs";

/**
 * context-tokens: what each host puts into a model's context, in o200k tokens
 * (`gpt-tokenizer`): the MCP server's tools/list (whole answer, name +
 * description + input schema alone, output schemas alone) for the default toolsets, all and each
 * one; prompts/list; the instructions; the Hermes plugin's registered schemas;
 * and typical answers on the large repository (a bare openspec_context, show of
 * a large change, spec show of a large spec, a failed validate). Beside them,
 * hermes-openspec's registered schemas, measured from its schemas.py when
 * `HERMES_OPENSPEC_SCHEMAS` names the file, else its recorded figure.
 * Token counts do not vary between runs, so each is measured once.
 *
 * @param {{ budget: any, core: any, env: Record<string, string>, repository: string,
 *   changes: number, anchorPath: string | undefined }} options
 *   `budget` is the built `@org/context-budget`; `repository` the generated
 *   repository of `changes` changes; `anchorPath` hermes-openspec's schemas.py.
 */
export async function benchContextTokens({ budget, core, env, repository, changes, anchorPath }) {
  addLargeArtifacts(repository);
  const catalog = core.createCatalog({ env });
  try {
    const surfaces = await budget.measureToolSurfaces(catalog);
    const added = await catalog.call("openspec_source_add", { path: repository, name: "big" });
    if (!added.ok) throw new Error(`could not register the repository: ${added.error}`);
    const answers = await budget.measureAnswers(catalog, largeAnswerCalls(changes));
    const anchor = budget.measureHermesOpenspecSchemas(anchorPath);
    const mcp = (selection) => surfaces.mcp.find((surface) => surface.selection === selection);
    const targets = budget.CONTEXT_TARGETS;
    const row = (title, value, target, details = {}) =>
      benchResult({
        id: "context-tokens",
        title,
        unit: "tokens",
        value,
        target: { at: "most", value: target },
        details,
      });
    const results = [
      row(
        "MCP tools/list, default toolsets: name + description + input schema",
        mcp("default").nameDescriptionInput.tokens,
        targets.defaultTools,
        { tools: mcp("default").tools },
      ),
      row(
        "MCP tools/list, all toolsets: name + description + input schema",
        mcp("all").nameDescriptionInput.tokens,
        targets.allTools,
        { tools: mcp("all").tools },
      ),
      row(
        "MCP tools/list, all toolsets: the whole answer (output schemas too)",
        mcp("all").listMessage.tokens,
        targets.allListMessage,
        { bytes: mcp("all").listMessage.bytes },
      ),
      row(
        "MCP tools/list, all toolsets: the whole answer with --no-output-schemas",
        mcp("all").listMessageWithoutOutputSchemas.tokens,
        targets.allListMessage,
        { bytes: mcp("all").listMessageWithoutOutputSchemas.bytes },
      ),
    ];
    const table = [
      ...surfaces.mcp.flatMap((surface) => [
        line(
          `MCP tools/list ${surface.selection} (${surface.tools} tools): whole answer`,
          surface.listMessage,
        ),
        line(
          `MCP tools/list ${surface.selection}: name + description + input schema`,
          surface.nameDescriptionInput,
        ),
        line(`MCP tools/list ${surface.selection}: output schemas alone`, surface.outputSchemas),
        line(
          `MCP tools/list ${surface.selection}: whole answer with --no-output-schemas`,
          surface.listMessageWithoutOutputSchemas,
        ),
      ]),
      line("MCP prompts/list", surfaces.prompts),
      line("MCP instructions", surfaces.instructions),
      ...surfaces.hermes.map((surface) =>
        line(`Hermes schemas ${surface.toolset} (${surface.tools} tools)`, surface.schemas),
      ),
      line(
        `hermes-openspec schemas (${anchor.tools} tools, ${anchor.source}: ${anchor.from})`,
        anchor,
      ),
      ...answers.map((answer) =>
        line(
          `answer: ${answer.label}${answer.ok ? "" : " (ok: false)"}: text / whole result`,
          answer.text,
          answer.result,
        ),
      ),
    ];
    return { results, table, anchor };
  } finally {
    catalog.close();
  }
}

export const LARGE_CHANGE = "large-change";
export const LARGE_SPEC = "large-capability";
export const BROKEN_CHANGE = "broken-change";
export const NEW_SPEC_CHANGE = "large-new-spec";
/** Changes as broken as BROKEN_CHANGE besides it, so validating everything fails on many items. */
export const BROKEN_CHANGES = 30;

/**
 * The typical answers context-tokens counts on the large repository registered as "big"
 * (with addLargeArtifacts), each as `measureAnswers` takes it; the context
 * budget's test holds some of them to the 2,000-token target.
 *
 * @param {number} changes the generated repository's change count, for the labels
 */
export function largeAnswerCalls(changes) {
  return [
    {
      label: `bare openspec_context (${changes.toLocaleString("en")} changes)`,
      tool: "openspec_context",
      args: { identifier: "big" },
    },
    {
      label: `openspec_context with detail summary (${changes.toLocaleString("en")} changes)`,
      tool: "openspec_context",
      args: { identifier: "big", detail: "summary" },
    },
    {
      label: `openspec_list (${changes.toLocaleString("en")} changes, first page)`,
      tool: "openspec_list",
      args: { source: "big" },
    },
    {
      label: "openspec_show of a large change",
      tool: "openspec_show",
      args: { source: "big", target: LARGE_CHANGE },
    },
    {
      label: "openspec_spec_show of a large spec",
      tool: "openspec_spec_show",
      args: { source: "big", name: LARGE_SPEC },
    },
    {
      label: "openspec_spec_diff of a change creating a 40-requirement spec, first page",
      tool: "openspec_spec_diff",
      args: { source: "big", change: NEW_SPEC_CHANGE },
    },
    {
      label: "the same, detail full",
      tool: "openspec_spec_diff",
      args: { source: "big", change: NEW_SPEC_CHANGE, detail: "full" },
    },
    {
      label: "failed openspec_validate (one change)",
      tool: "openspec_validate",
      args: { source: "big", target: BROKEN_CHANGE },
    },
    {
      label: `failed openspec_validate of everything (${changes.toLocaleString("en")} changes, ${BROKEN_CHANGES + 1} invalid), first page`,
      tool: "openspec_validate",
      args: { source: "big" },
    },
    {
      label: "the same, detail summary",
      tool: "openspec_validate",
      args: { source: "big", detail: "summary" },
    },
  ];
}

/** One row of the context-tokens table: tokens and bytes, and the whole result's tokens for answers. */
function line(surface, figure, whole) {
  return {
    surface,
    tokens: figure.tokens,
    KB: (figure.bytes / 1024).toFixed(1),
    ...(whole === undefined ? {} : { "whole result tokens": whole.tokens }),
  };
}

/**
 * A large change (proposal, design, 40 tasks, a delta of 30 requirements), a
 * spec of 40 requirements, a change creating a spec of 40 requirements, and a change whose delta has a requirement without
 * a scenario, so `openspec validate` fails on it, with BROKEN_CHANGES copies.
 */
export function addLargeArtifacts(root) {
  const change = join(root, "openspec", "changes", LARGE_CHANGE);
  mkdirSync(join(change, "specs", LARGE_SPEC), { recursive: true });
  writeFileSync(
    join(change, "proposal.md"),
    `# Large change\n\n## Why\n\n${"Teams lose hours every week to manual release steps that a tool could do. ".repeat(12)}\n\n## What Changes\n\n${Array.from({ length: 20 }, (_, i) => `- Automate release step ${i + 1} and report its outcome.`).join("\n")}\n`,
  );
  writeFileSync(
    join(change, "design.md"),
    `# Design\n\n${"Each step runs in its own worker, reports progress and can be retried without side effects. ".repeat(30)}\n`,
  );
  writeFileSync(
    join(change, "tasks.md"),
    `## 1. Release steps\n\n${Array.from({ length: 40 }, (_, i) => `- [${i % 3 === 0 ? "x" : " "}] 1.${i + 1} Automate step ${i + 1}`).join("\n")}\n`,
  );
  writeFileSync(
    join(change, "specs", LARGE_SPEC, "spec.md"),
    specMarkdown(LARGE_SPEC, 30).replace(/^[\s\S]*?## Requirements\n/, "## ADDED Requirements\n"),
  );
  const created = join(root, "openspec", "changes", NEW_SPEC_CHANGE);
  mkdirSync(join(created, "specs", `${LARGE_SPEC}-next`), { recursive: true });
  writeFileSync(
    join(created, "proposal.md"),
    "# Next capability\n\n## Why\n\nRelease steps need a spec of their own.\n\n## What Changes\n\n- Add the spec.\n",
  );
  writeFileSync(
    join(created, "specs", `${LARGE_SPEC}-next`, "spec.md"),
    specMarkdown(`${LARGE_SPEC}-next`, 40).replace(
      /^[\s\S]*?## Requirements\n/,
      "## ADDED Requirements\n",
    ),
  );
  const spec = join(root, "openspec", "specs", LARGE_SPEC);
  mkdirSync(spec, { recursive: true });
  writeFileSync(join(spec, "spec.md"), specMarkdown(LARGE_SPEC, 40));
  const broken = join(root, "openspec", "changes", BROKEN_CHANGE);
  mkdirSync(join(broken, "specs", "billing"), { recursive: true });
  writeFileSync(
    join(broken, "proposal.md"),
    "# Broken change\n\n## Why\n\nInvoices need a due date.\n\n## What Changes\n\n- Add due dates.\n",
  );
  writeFileSync(
    join(broken, "specs", "billing", "spec.md"),
    "## ADDED Requirements\n\n### Requirement: Due dates\nInvoices have a due date.\n",
  );
  for (let i = 1; i <= BROKEN_CHANGES; i += 1) {
    cpSync(broken, join(root, "openspec", "changes", `${BROKEN_CHANGE}-${i}`), { recursive: true });
  }
}
