import { readRemovedBullet, readRenameLine } from "../delta/delta-lines.js";
import { readDeltaRequirementHeader } from "../delta/requirement-header.js";
import { splitDocument } from "../lines/split-document.js";
import { fenceFlags, readSectionTitle } from "./merge-lines.js";
import { type RequirementBlock, readRequirementBlocks } from "./requirement-block.js";

export type RenamePair = { from: string; to: string; line: number };
export type UnpairedRename = { side: "FROM" | "TO"; name: string; line: number };
export type OrphanedRequirement = { name: string; section: string | null; line: number };

/** A delta spec as the archive reads it: raw blocks to move, names to drop, pairs to rename. */
export type DeltaPlan = {
  added: RequirementBlock[];
  modified: RequirementBlock[];
  removed: { name: string; line: number }[];
  renamed: RenamePair[];
  unpairedRenames: UnpairedRename[];
  orphanedRequirements: OrphanedRequirement[];
  /** Which of ADDED, MODIFIED, REMOVED, RENAMED have a section, in that order. */
  sections: string[];
};

const KINDS = ["added", "modified", "removed", "renamed"] as const;
type Kind = (typeof KINDS)[number];
type Body = { from: number; to: number };

function kindOf(title: string): Kind | null {
  const lower = title.toLowerCase();
  for (const kind of KINDS) if (lower === `${kind} requirements`) return kind;
  return null;
}

/**
 * Every `## ` section is read, a repeated or lower-case title included, and
 * sections of one kind are read in document order, as the CLI reads them.
 */
export function readDeltaPlan(delta: string): DeltaPlan {
  const lines = splitDocument(delta);
  const fenced = fenceFlags(lines);
  const bodies: Record<Kind, Body[]> = { added: [], modified: [], removed: [], renamed: [] };
  const orphanedRequirements: OrphanedRequirement[] = [];
  let open: { kind: Kind | null; from: number } | null = null;
  let section: string | null = null;
  const close = (to: number) => {
    if (open?.kind) bodies[open.kind].push({ from: open.from, to });
  };
  for (let index = 0; index < lines.length; index++) {
    if (fenced[index]) continue;
    const title = readSectionTitle(lines[index]!);
    if (title !== null) {
      close(index);
      open = { kind: kindOf(title), from: index + 1 };
      section = title;
      continue;
    }
    if (open?.kind) continue;
    const name = readDeltaRequirementHeader(lines[index]!);
    if (name !== null) orphanedRequirements.push({ name, section, line: index + 1 });
  }
  close(lines.length);

  const blocksOf = (kind: Kind) =>
    bodies[kind].flatMap((body) => readRequirementBlocks(lines, fenced, body.from, body.to));
  const removed: DeltaPlan["removed"] = [];
  for (const body of bodies.removed) {
    for (let index = body.from; index < body.to; index++) {
      if (fenced[index]) continue;
      const name = readDeltaRequirementHeader(lines[index]!) ?? readRemovedBullet(lines[index]!);
      if (name !== null) removed.push({ name, line: index + 1 });
    }
  }
  const renamed: RenamePair[] = [];
  const unpairedRenames: UnpairedRename[] = [];
  for (const body of bodies.renamed) readRenamePairs(lines, fenced, body, renamed, unpairedRenames);
  unpairedRenames.sort((left, right) => left.line - right.line);
  return {
    added: blocksOf("added"),
    modified: blocksOf("modified"),
    removed,
    renamed,
    unpairedRenames,
    orphanedRequirements,
    sections: KINDS.filter((kind) => bodies[kind].length > 0).map(
      (kind) => `## ${kind.toUpperCase()} Requirements`,
    ),
  };
}

/** Pairs never cross a section copy: a FROM still pending when its section ends is unpaired. */
function readRenamePairs(
  lines: readonly string[],
  fenced: Uint8Array,
  body: Body,
  pairs: RenamePair[],
  unpaired: UnpairedRename[],
) {
  let pending: { name: string; line: number } | null = null;
  for (let index = body.from; index < body.to; index++) {
    if (fenced[index]) continue;
    const rename = readRenameLine(lines[index]!);
    if (rename === null) continue;
    if (rename.side === "FROM") {
      if (pending !== null) unpaired.push({ side: "FROM", ...pending });
      pending = { name: rename.name, line: index + 1 };
    } else if (pending === null) {
      unpaired.push({ side: "TO", name: rename.name, line: index + 1 });
    } else {
      pairs.push({ from: pending.name, to: rename.name, line: pending.line });
      pending = null;
    }
  }
  if (pending !== null) unpaired.push({ side: "FROM", ...pending });
}
