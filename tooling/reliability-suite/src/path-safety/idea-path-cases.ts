import { LEAKING_IDEA, LINKED_IDEAS_SOURCE } from "../sandbox/make-path-traps.js";
import {
  type CaseRow,
  contained,
  HOSTILE_CHANGE_NAMES,
  refused,
  refusedAs,
} from "./path-case-parts.js";

const IDEA = { title: "Escape", prompt: "Written only to try to escape the repository." };

/** Ideas through the same traps: an ideas folder that leads out, an idea that is a symlink out, hostile slugs and names. */
export function ideaRows(): CaseRow[] {
  return [
    [
      "a new idea in linked-ideas, whose openspec/ideas leads out",
      "openspec_idea_create",
      { source: LINKED_IDEAS_SOURCE, ...IDEA },
      refusedAs("path_outside_repository"),
    ],
    [
      "an idea of linked-ideas, whose openspec/ideas leads out, evaluated",
      "openspec_idea_enrich",
      { source: LINKED_IDEAS_SOURCE, idea: "notes", problem: "escape" },
      refusedAs("path_outside_repository"),
    ],
    [
      "an idea of linked-ideas, whose openspec/ideas leads out, promoted",
      "openspec_idea_promote",
      { source: LINKED_IDEAS_SOURCE, idea: "notes", change: "add-notes" },
      refusedAs("path_outside_repository"),
    ],
    [
      "the idea leak-idea, a symlink out, evaluated",
      "openspec_idea_enrich",
      { source: "shop", idea: LEAKING_IDEA, problem: "escape" },
      refusedAs("path_outside_repository"),
    ],
    [
      "the idea leak-idea, a symlink out, promoted",
      "openspec_idea_promote",
      { source: "shop", idea: LEAKING_IDEA, change: "add-leak-idea", force: true },
      refusedAs("path_outside_repository"),
    ],
    ...["../../outside", "/etc/passwd", "..", "-rf", "nul\u0000byte", "ideas/../../outside"].map(
      (slug): CaseRow => [
        `a new idea with the slug ${JSON.stringify(slug)}`,
        "openspec_idea_create",
        { source: "shop", ...IDEA, slug },
        contained,
      ],
    ),
    ...["../../outside", "../outside.md", "/etc/passwd", "nul\u0000byte"].map(
      (idea): CaseRow => [
        `the idea named ${JSON.stringify(idea)}, evaluated`,
        "openspec_idea_enrich",
        { source: "shop", idea, problem: "escape" },
        refusedAs("invalid_name"),
      ],
    ),
    ...HOSTILE_CHANGE_NAMES.map(
      (change): CaseRow => [
        `an idea promoted to the change name ${JSON.stringify(change)}, with force`,
        "openspec_idea_promote",
        { source: "shop", idea: "escape", change, force: true },
        refused,
      ],
    ),
    [
      "a new idea in the source child, without openspec/ under an ancestor that has one",
      "openspec_idea_create",
      { source: "child", ...IDEA },
      refusedAs("no_openspec_root"),
    ],
    [
      "a new idea in the source gone, whose folder was deleted",
      "openspec_idea_create",
      { source: "gone", ...IDEA },
      refusedAs("invalid_workdir"),
    ],
  ];
}
