import type {
  ChangeContext,
  IdeaContext,
  KnownSource,
  SourceContext,
  SourceResolver,
  SpecContext,
} from "@org/openspec-artifacts/context";
import { z } from "zod";
import { detailField } from "../input-fields.js";
import { describeSequence } from "../sequence/describe-sequence.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import type { ResultBlock } from "../tool-presentation.js";
import { type ToolFailureCode, toolFailure } from "../tool-result.js";
import { type ContextOverview, contextOutput } from "./context-output.js";
import { leanOverview } from "./lean-overview.js";
import { cutNotice, readNotices } from "./read-notices.js";

/** The artifacts' MAX_PAGE_LIMIT, written out so the schema loads without them (a test keeps the two equal). */
const MAX_PAGE_LIMIT = 1000;
/** Entries per list by default: 20 changes, archived changes and specs each are about 1,500 tokens of answer. */
const ENTRIES_PER_PAGE = 20;

export const contextTool = defineTool({
  name: "openspec_context",
  description:
    "Start here. `<source>` lists a repository's changes, specs and ideas with os_ tokens; `<source>/<name>` or a token gives one's content.",
  notes:
    "Resolve an OpenSpec identifier of a registered repository. `<source>` returns the repository path, a workdir hint, its active and archived changes, its specs and its ideas, each with an os_ token (six hex digits, more only where two artifacts of the repository share them). A token alone, without `<source>/`, is looked up in every registered source. `<source>/<token>` (or `<source>/<change-name>`, `<source>/archive/<change-name>`, `<source>/<spec-id>`) returns that change's proposal, tasks, design and delta specs, or that spec's full content. Lists are paged, 20 entries each by default: truncated says a list goes on, note and page.next_offset where; use limit, offset and query on large repositories, and detail summary for the counts alone, or for a change's or spec's headings only (every requirement and scenario named). Reads the registry and files only; works without the OpenSpec CLI.",
  inputSchema: () =>
    z
      .object({
        identifier: z
          .string()
          .min(1)
          .max(1024)
          .describe(
            "<source>, <source>/<name or token>, <source>/archive/<name>, <source>/ideas/<slug>, or a token.",
          ),
        limit: z.number().int().min(1).max(MAX_PAGE_LIMIT).optional().describe("Per list."),
        offset: z.number().int().min(0).optional(),
        query: z.string().max(256).optional().describe("Filter by name or path."),
        last_modified: z.boolean().optional().describe("Add last-modified times (slower)."),
        detail: detailField(),
      })
      .strict(),
  outputSchema: contextOutput,
  requiresCli: false,
  annotations: readOnlyTool("Resolve OpenSpec context"),
  presentation: {
    command: ["context"],
    summary: "resolve <source>, <source>/<os_token>, <source>/<name> or a bare os_ token",
    arguments: ["identifier"],
    render(result): ResultBlock[] {
      if ("change" in result) {
        const c = result.change;
        const state = `${c.archived ? " (archived)" : ""}${c.scaffolded ? " (scaffolded: no proposal.md yet)" : ""}`;
        const files: [string, string | null][] = [
          ["proposal.md", c.proposal],
          ["design.md", c.design],
          ["tasks.md", c.tasks],
        ];
        return [
          { kind: "heading", text: `${c.name} ${c.token}${state}` },
          ...(c.sequence
            ? [{ kind: "text" as const, text: describeSequence(c.sequence), tone: "dim" as const }]
            : []),
          ...files.flatMap(([title, text]): ResultBlock[] =>
            text === null ? [] : [{ kind: "document", title, text }],
          ),
          ...c.specs.map(
            (spec): ResultBlock => ({
              kind: "document",
              title: spec.path,
              text: spec.content,
            }),
          ),
          ...readNotices(c.warnings),
          ...(c.outline ? [OUTLINE_NOTICE] : []),
        ];
      }
      if ("idea" in result) {
        const { idea } = result;
        return [
          { kind: "document", title: `${idea.path} ${idea.token}`, text: idea.content },
          ...(idea.truncated && idea.size !== undefined ? [cutNotice(idea.path, idea.size)] : []),
          ...(idea.outline ? [OUTLINE_NOTICE] : []),
        ];
      }
      if ("spec" in result) {
        const { spec } = result;
        return [
          { kind: "document", title: `${spec.path} ${spec.token}`, text: spec.content },
          ...(spec.truncated && spec.size !== undefined ? [cutNotice(spec.path, spec.size)] : []),
          ...(spec.outline ? [OUTLINE_NOTICE] : []),
        ];
      }
      return renderOverview(result);
    },
  },
  async handler(input, context) {
    const { addLastModified, resolveContextAsync } = await import(
      "@org/openspec-artifacts/context"
    );
    const { resolveSource } = await import("../resolve-source.js");
    const { listProcessSources } = await import("../process-sources.js");
    const registry = await context.registry();
    if (!registry.ok) return registry;
    // The registry answers asynchronously (it may be a server) and the reader asks synchronously,
    // so the one source an identifier names (before its first slash) is resolved first.
    const identifier = input.identifier.trim();
    const named = await resolveSource(context, identifier.split("/", 1)[0] ?? "");
    const resolveNamed: SourceResolver<ToolFailureCode> = (name) => {
      const resolved = name === identifier.split("/", 1)[0] ? named : undefined;
      if (resolved === undefined) throw new Error(`source ${name} was not resolved ahead`);
      if (!resolved.ok) return resolved;
      return { ok: true, name: resolved.source.displayName, path: resolved.source.path };
    };
    // Only a bare token that names no source needs them, so they are read only then.
    const known: KnownSource[] = [];
    if (!named.ok) {
      const listed = await registry.registry.list();
      const processSources = await listProcessSources(context);
      for (const source of [
        ...(listed.ok ? listed.sources : []),
        ...(Array.isArray(processSources) ? processSources : []),
      ]) {
        known.push({ name: source.displayName, path: source.path, token: source.token });
      }
    }
    const everySource = (): KnownSource[] => known;
    // The listed folders are read first without holding the event loop, however many entries they hold.
    const resolved = await resolveContextAsync(
      input.identifier,
      resolveNamed,
      {
        limit: input.limit ?? ENTRIES_PER_PAGE,
        ...(input.offset === undefined ? {} : { offset: input.offset }),
        ...(input.query === undefined ? {} : { query: input.query }),
      },
      { everySource, maxArtifactBytes: context.maxArtifactBytes },
    );
    if (!resolved.ok) {
      return toolFailure(resolved.code, resolved.error, resolved.fix, extrasOf(resolved));
    }
    // An empty source may hold its OpenSpec project further down (a monorepo): say where.
    const hint =
      "changes" in resolved && resolved.totals.changes + resolved.totals.specs === 0
        ? await (await import("./nested-openspec-hint.js")).nestedOpenSpecHint(resolved.path)
        : undefined;
    const result = hint === undefined ? resolved : { ...resolved, hint };
    if ("changes" in result && input.detail === "summary") return leanOverview(result, "summary");
    const sequenced = await addSequences(result);
    if (!("changes" in sequenced)) {
      if (input.detail !== "summary") return sequenced;
      const { outlineContext } = await import("./outline-context.js");
      return outlineContext(sequenced);
    }
    const overview = leanOverview(sequenced, input.detail);
    return input.last_modified === true
      ? addLastModified(overview.path, overview, context.env)
      : overview;
  },
});

/** Said under an outline (`detail: "summary"`), in the host's words for the field. */
const OUTLINE_NOTICE: ResultBlock = {
  kind: "text",
  text: "Headings only: call again without {field:detail} for the whole text.",
  tone: "dim",
};

/**
 * The listed active changes (or the one change answered) with their place in
 * a sequence; archived changes carry none, as they are done. Only the listed
 * page is read, one small file per change.
 */
async function addSequences<
  Answer extends SourceContext | ChangeContext | SpecContext | IdeaContext,
>(answer: Answer): Promise<Answer> {
  if ("spec" in answer || "idea" in answer) return answer;
  const { openRepository } = await import("@org/openspec-artifacts");
  const { withSequence } = await import("../sequence/with-sequence.js");
  const opened = openRepository(answer.path, { searchUpward: false });
  if (!opened.ok) return answer;
  if ("changes" in answer) {
    return {
      ...answer,
      changes: answer.changes.map((change) => withSequence(opened.repository, change)),
    };
  }
  if ("change" in answer && !answer.change.archived) {
    return { ...answer, change: withSequence(opened.repository, answer.change) };
  }
  return answer;
}

function renderOverview(overview: ContextOverview): ResultBlock[] {
  const changeName = (change: { name: string; scaffolded?: true | undefined }) =>
    change.scaffolded ? `${change.name} (scaffolded)` : change.name;
  const sequenced = overview.changes.some((change) => change.sequence !== undefined);
  // A list with entries elsewhere (another offset, or detail summary) is not empty.
  const empty = (total: number) => (total > 0 ? "(not on this page)" : "(none)");
  const blocks: ResultBlock[] = [
    { kind: "heading", text: `${overview.name}  ${overview.path}` },
    { kind: "text", text: overview.hint, tone: "dim" },
    { kind: "heading", text: `Changes (${overview.totals.changes})` },
    {
      kind: "table",
      // The order column only where some change is in a sequence.
      columns: sequenced ? ["TOKEN", "CHANGE", "TASKS", "ORDER"] : ["TOKEN", "CHANGE", "TASKS"],
      rows: overview.changes.map((change) => [
        change.token,
        changeName(change),
        change.tasks ? `${change.tasks.completed}/${change.tasks.total}` : "-",
        ...(sequenced ? [change.sequence ? describeSequence(change.sequence) : "-"] : []),
      ]),
      empty: empty(overview.totals.changes),
    },
  ];
  if (overview.totals.archived_changes > 0) {
    blocks.push(
      { kind: "heading", text: `Archived changes (${overview.totals.archived_changes})` },
      {
        kind: "table",
        columns: ["TOKEN", "CHANGE"],
        rows: overview.archived_changes.map((change) => [change.token, changeName(change)]),
        empty: empty(overview.totals.archived_changes),
      },
    );
  }
  blocks.push(
    { kind: "heading", text: `Specs (${overview.totals.specs})` },
    {
      kind: "table",
      columns: ["TOKEN", "SPEC"],
      rows: overview.specs.map((spec) => [spec.token, spec.path]),
      empty: empty(overview.totals.specs),
    },
  );
  if (overview.totals.ideas > 0) {
    blocks.push(
      { kind: "heading", text: `Ideas (${overview.totals.ideas})` },
      {
        kind: "table",
        columns: ["TOKEN", "IDEA", "CHANGE"],
        rows: overview.ideas.map((idea) => [idea.token, idea.slug, idea.change ?? "-"]),
        empty: empty(overview.totals.ideas),
      },
    );
  }
  if (overview.note) blocks.push({ kind: "text", text: overview.note, tone: "warning" });
  return [...blocks, ...readNotices(overview.warnings)];
}

/** The candidates of an ambiguous identifier, and the path of a file that could not be read. */
function extrasOf(result: object): Record<string, unknown> {
  return {
    ...("candidates" in result && Array.isArray(result.candidates)
      ? { candidates: result.candidates }
      : {}),
    ...("path" in result && typeof result.path === "string" ? { path: result.path } : {}),
  };
}
