import { error } from "../diagnostic.js";
import { parseDocument } from "../document/parse-document.js";
import type { DeltaSpec, MarkdownDocument, ParseResult, SpecDiagnostic } from "../types.js";
import { cliChangeTitle } from "./cli-change-title.js";
import type { CliChangeJson } from "./cli-json.js";
import { proseDeltas } from "./prose-deltas.js";
import { toCliChangeDeltas } from "./to-cli-change-deltas.js";

/**
 * A change: its folder name, the text of its proposal.md (the CLI reads its
 * title from the raw lines, code fences included), and each parsed delta spec
 * by spec id (`area/capability`).
 */
export type ParsedChange = {
  id: string;
  proposal: string;
  deltaSpecs: { spec: string; delta: ParseResult<DeltaSpec> }[];
};

/** The first section with this heading in any case and at any level, as the CLI looks it up. */
function findSection(proposal: MarkdownDocument, heading: string) {
  return proposal.sections.find((section) => section.heading.toLowerCase() === heading);
}

function byCodePoint(left: { spec: string }, right: { spec: string }): number {
  return left.spec < right.spec ? -1 : left.spec > right.spec ? 1 : 0;
}

/**
 * What `openspec show <change> --type change --json` prints. Fails, as the
 * CLI does, with `missing_why` or `missing_what_changes` when the proposal
 * lacks either section. Deltas come from the delta specs (sorted by spec id)
 * when any has a delta section, else from the "What Changes" bullets.
 */
export function toCliChangeJson(change: ParsedChange): ParseResult<CliChangeJson> {
  const diagnostics: SpecDiagnostic[] = [];
  const proposal = parseDocument(change.proposal);
  const why = findSection(proposal, "why");
  if (!why?.content) {
    diagnostics.push(error("missing_why", "Change must have a Why section", why?.line ?? 1));
  }
  const whatChanges = findSection(proposal, "what changes");
  if (!whatChanges?.content) {
    const message = "Change must have a What Changes section";
    diagnostics.push(error("missing_what_changes", message, whatChanges?.line ?? 1));
  }
  if (!why?.content || !whatChanges?.content) return { ok: false, diagnostics };
  const readable = change.deltaSpecs.flatMap(({ spec, delta }) =>
    delta.ok ? [{ spec, delta: delta.value }] : [],
  );
  const deltas =
    readable.length === 0
      ? proseDeltas(whatChanges.content)
      : readable.sort(byCodePoint).flatMap(({ spec, delta }) => toCliChangeDeltas(spec, delta));
  const value = {
    id: change.id,
    title: cliChangeTitle(change.proposal, change.id),
    deltaCount: deltas.length,
    deltas,
  };
  return { ok: true, value, diagnostics };
}
