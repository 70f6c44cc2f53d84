import { error } from "../diagnostic.js";
import type { DeltaSpec, MarkdownDocument, ParseResult, SpecDiagnostic } from "../types.js";
import type { CliChangeJson } from "./cli-json.js";
import { proseDeltas } from "./prose-deltas.js";
import { toCliChangeDeltas } from "./to-cli-change-deltas.js";

/** A change as parsed: its folder name, its proposal, and each delta spec by spec id (`area/capability`). */
export type ParsedChange = {
  id: string;
  proposal: MarkdownDocument;
  deltaSpecs: { spec: string; delta: ParseResult<DeltaSpec> }[];
};

/** The first section with this heading in any case and at any level, as the CLI looks it up. */
function findSection(proposal: MarkdownDocument, heading: string) {
  return proposal.sections.find((section) => section.heading.toLowerCase() === heading);
}

/** `# Change: X` reads as X; the template's bare `# Proposal` names no change, so the id stands in. */
function changeTitle(proposal: MarkdownDocument, id: string): string {
  const title = proposal.title?.replace(/^change:\s+/i, "").trim() ?? "";
  return title === "" || title.toLowerCase() === "proposal" ? id : title;
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
  const why = findSection(change.proposal, "why");
  if (!why?.content) {
    diagnostics.push(error("missing_why", "Change must have a Why section", why?.line ?? 1));
  }
  const whatChanges = findSection(change.proposal, "what changes");
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
    title: changeTitle(change.proposal, change.id),
    deltaCount: deltas.length,
    deltas,
  };
  return { ok: true, value, diagnostics };
}
