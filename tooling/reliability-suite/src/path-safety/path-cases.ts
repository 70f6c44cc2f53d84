import { ANCESTOR_SPEC_ID } from "../sandbox/make-path-traps.js";
import { ESCAPING_CHANGE, ESCAPING_SPECS } from "../sandbox/make-sandbox.js";
import { cliPassthroughRows } from "./cli-path-cases.js";
import { ideaRows } from "./idea-path-cases.js";
import {
  archiveRows,
  changeArtifactRows,
  changeWriteRows,
  sequenceRows,
  specDiffRows,
} from "./lifecycle-path-cases.js";
import {
  type CaseRow,
  contained,
  fromRows,
  HOSTILE_CHANGE_NAMES,
  HOSTILE_SPEC_NAMES,
  refused,
  refusedAs,
} from "./path-case-parts.js";
import { sourceImportRows } from "./source-import-path-cases.js";
import { wholeRepositoryReadRows } from "./whole-repository-read-cases.js";

/** One attempt to get out of the repository, and what must come of it. */
export type PathCase = {
  what: string;
  tool: string;
  args: Record<string, unknown>;
  /** refused: ok is false (with this code, when given); contained: any answer, but nothing from outside. */
  expect: { refused: true; code?: string } | { refused: false };
};

/**
 * Placeholders for what exists only once the sandbox is made: shop's token
 * (as written and in capitals) and the folder beside shop called like it.
 * {@link fillPlaceholders} puts the real values in before a call.
 */
export const SHOP_TOKEN = "{shop-token}";
export const SHOP_TOKEN_IN_CAPITALS = "{SHOP-TOKEN}";
export const TOKEN_FOLDER = "{token-folder}";

export function fillPlaceholders(
  args: Record<string, unknown>,
  values: { shopToken: string; tokenFolder: string },
): Record<string, unknown> {
  const fill = (value: unknown) =>
    value === SHOP_TOKEN
      ? values.shopToken
      : value === SHOP_TOKEN_IN_CAPITALS
        ? values.shopToken.toUpperCase()
        : value === TOKEN_FOLDER
          ? values.tokenFolder
          : value;
  return Object.fromEntries(Object.entries(args).map(([key, value]) => [key, fill(value)]));
}

/** Valid spec content: only the place it is written to is hostile. */
export const SPEC_CONTENT = {
  title: "Escape",
  purpose: "A purpose long enough for the strict validator, written only to try to escape.",
  requirements: [{ name: "Escape", description: "The system SHALL stay inside the repository." }],
};

/** A complete change: only its name, its delta spec ids or its repository are hostile. */
export const CHANGE_CONTENT = {
  why: "A reason long enough for the strict validator, written only to try to escape the repository.",
  what_changes: ["Try to escape"],
  tasks: [{ title: "Escape", items: ["Try"] }],
  specs: [
    {
      name: "escape-spec",
      added: [
        {
          name: "Escape",
          description: "The system SHALL stay inside the repository.",
          scenarios: [{ name: "Try", steps: [{ type: "WHEN", text: "escaping" }] }],
        },
      ],
    },
  ],
};

/** Writes through symlinks that lead out (each without and with force), hostile names, and a deleted source. */
export function writeCases(): PathCase[] {
  const symlinked: [string, Record<string, unknown>][] = [
    ...ESCAPING_SPECS.map((name): [string, Record<string, unknown>] => [
      `the spec ${name}, a symlink out`,
      { source: "shop", name },
    ]),
    [
      "a new spec in the change escape, a symlink out",
      { source: "shop", change: ESCAPING_CHANGE, name: "new-spec" },
    ],
    [
      "the delta spec leak of add-dark-mode, a symlink out",
      { source: "shop", change: "add-dark-mode", name: "leak" },
    ],
    [
      "a new spec in linked, whose openspec/specs leads out",
      { source: "linked", name: "new-spec" },
    ],
  ];
  const create = (args: Record<string, unknown>) => ({ ...args, ...SPEC_CONTENT });
  return fromRows([
    ...symlinked.flatMap(([what, args]): CaseRow[] => [
      [what, "openspec_spec_create", create(args), refusedAs("path_outside_repository")],
      [
        `${what}, with force`,
        "openspec_spec_create",
        create({ ...args, force: true }),
        refusedAs("path_outside_repository"),
      ],
    ]),
    ...HOSTILE_SPEC_NAMES.map(
      (name): CaseRow => [
        `the spec name ${JSON.stringify(name)}, with force`,
        "openspec_spec_create",
        create({ source: "shop", name, force: true }),
        refusedAs("invalid_name"),
      ],
    ),
    ...HOSTILE_CHANGE_NAMES.map(
      (change): CaseRow => [
        `the change name ${JSON.stringify(change)}, with force`,
        "openspec_spec_create",
        create({ source: "shop", change, name: "new-spec", force: true }),
        refused,
      ],
    ),
    ...[false, true].map(
      (force): CaseRow => [
        `a new spec in the source child, without openspec/ under an ancestor that has one${force ? ", with force" : ""}`,
        "openspec_spec_create",
        create({ source: "child", name: "new-spec", force }),
        refusedAs("no_openspec_root"),
      ],
    ),
    [
      "the tasks of the change escape, a symlink out",
      "openspec_task_set_status",
      { source: "shop", change: ESCAPING_CHANGE, ids: "all", done: true },
      refusedAs("path_outside_repository"),
    ],
    ...HOSTILE_CHANGE_NAMES.map(
      (change): CaseRow => [
        `the tasks of the change name ${JSON.stringify(change)}`,
        "openspec_task_set_status",
        { source: "shop", change, ids: "all", done: true },
        refused,
      ],
    ),
    [
      "the tasks of a change in the source gone, whose folder was deleted",
      "openspec_task_set_status",
      { source: "gone", change: "add-dark-mode", ids: "all", done: true },
      refusedAs("invalid_workdir"),
    ],
    [
      "the source gone, whose folder was deleted, with force",
      "openspec_spec_create",
      create({ source: "gone", name: "auth", force: true }),
      refusedAs("invalid_workdir"),
    ],
    ...changeWriteRows(),
    ...archiveRows(),
    ...changeArtifactRows(),
    ...ideaRows(),
    ...sequenceRows(),
    // A folder called like shop's token, added without a name, once took shop's writes.
    [
      "a folder beside shop called like shop's token, added without a name",
      "openspec_source_add",
      { path: TOKEN_FOLDER },
      refusedAs("invalid_name"),
    ],
    [
      "shop's token in capitals, with a folder beside it called like that token",
      "openspec_spec_create",
      create({ source: SHOP_TOKEN_IN_CAPITALS, name: "by-token", force: true }),
      contained,
    ],
    [
      "shop's token, with a folder beside it called like that token",
      "openspec_spec_create",
      create({ source: SHOP_TOKEN, name: "by-token", force: true }),
      contained,
    ],
    ...sourceImportRows(),
    // Refused before anything runs, so a path that does not exist serves.
    ...cliPassthroughRows("/nonexistent/openspec-agent-outside"),
  ]);
}

/** Reads through the same traps: each is refused, or answers without anything from outside. */
export function readCases(): PathCase[] {
  const references = [
    ...ESCAPING_SPECS,
    ESCAPING_CHANGE,
    "leak-dir/spec.md",
    "../outside",
    "..%2foutside",
    "leak",
  ];
  const specNames = [...ESCAPING_SPECS, "leak-dir/../../outside", "Auth", "auth.", "\u0430uth"];
  return fromRows([
    ...references.map(
      (reference): CaseRow => [
        `the context shop/${reference}`,
        "openspec_context",
        { identifier: `shop/${reference}` },
        refused,
      ],
    ),
    [
      "the context linked/spec-folder",
      "openspec_context",
      { identifier: "linked/spec-folder" },
      refused,
    ],
    [
      "the context shop/ideas/leak-idea, an idea that is a symlink out",
      "openspec_context",
      { identifier: "shop/ideas/leak-idea" },
      refused,
    ],
    [
      "the context linked-ideas/ideas/notes, through an ideas folder that leads out",
      "openspec_context",
      { identifier: "linked-ideas/ideas/notes" },
      refused,
    ],
    ["the context linked-ideas", "openspec_context", { identifier: "linked-ideas" }, contained],
    ["the context gone", "openspec_context", { identifier: "gone" }, refusedAs("invalid_workdir")],
    [
      "the tasks of the change escape, a symlink out",
      "openspec_task_list",
      { source: "shop", change: ESCAPING_CHANGE },
      refusedAs("path_outside_repository"),
    ],
    ...HOSTILE_CHANGE_NAMES.map(
      (change): CaseRow => [
        `the tasks of the change name ${JSON.stringify(change)}`,
        "openspec_task_list",
        { source: "shop", change },
        refused,
      ],
    ),
    [
      "the context child, a source without openspec/ under an ancestor that has one",
      "openspec_context",
      { identifier: "child" },
      contained,
    ],
    [
      `the context child/${ANCESTOR_SPEC_ID}, the ancestor's spec`,
      "openspec_context",
      { identifier: `child/${ANCESTOR_SPEC_ID}` },
      refused,
    ],
    [
      `the spec ${ANCESTOR_SPEC_ID} of child, the ancestor's`,
      "openspec_spec_show",
      { source: "child", name: ANCESTOR_SPEC_ID },
      refused,
    ],
    ["the specs of child", "openspec_spec_list", { source: "child" }, contained],
    ["the context shop", "openspec_context", { identifier: "shop" }, contained],
    ...specNames.map(
      (name): CaseRow => [
        `the spec ${JSON.stringify(name)}`,
        "openspec_spec_show",
        { source: "shop", name },
        refused,
      ],
    ),
    [
      "the delta spec leak of add-dark-mode",
      "openspec_spec_show",
      { source: "shop", change: "add-dark-mode", name: "leak" },
      refused,
    ],
    [
      "the spec spec-folder of linked",
      "openspec_spec_show",
      { source: "linked", name: "spec-folder" },
      refused,
    ],
    [
      "a spec of gone",
      "openspec_spec_show",
      { source: "gone", name: "auth" },
      refusedAs("invalid_workdir"),
    ],
    ["the specs of shop", "openspec_spec_list", { source: "shop" }, contained],
    [
      "the delta specs of add-dark-mode",
      "openspec_spec_list",
      { source: "shop", change: "add-dark-mode" },
      contained,
    ],
    ["the specs of gone", "openspec_spec_list", { source: "gone" }, refusedAs("invalid_workdir")],
    ...specDiffRows(),
    ...wholeRepositoryReadRows(),
  ]);
}
