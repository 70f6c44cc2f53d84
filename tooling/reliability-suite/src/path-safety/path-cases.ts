import { ANCESTOR_SPEC_ID, LINKED_ARTIFACT_CHANGE } from "../world/make-path-traps.js";
import { ARCHIVED_CHANGE, ESCAPING_CHANGE, ESCAPING_SPECS } from "../world/make-world.js";

/** One attempt to get out of the repository, and what must come of it. */
export type PathCase = {
  what: string;
  tool: string;
  args: Record<string, unknown>;
  /** refused: ok is false (with this code, when given); contained: any answer, but nothing from outside. */
  expect: { refused: true; code?: string } | { refused: false };
};

/**
 * Placeholders for what exists only once the world is made: shop's token
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

/** Spec names that try to climb out, or to pass for `auth` by case, a lookalike or trailing dots and spaces. */
const HOSTILE_SPEC_NAMES = [
  "../outside",
  "..%2f..%2foutside",
  "%2e%2e",
  "Auth",
  "AUTH",
  "auth.",
  "auth ",
  "\u0430uth",
  "\uff0e\uff0e\uff0foutside",
  "auth/../../outside",
  "nul\u0000byte",
  "-rf",
];
const HOSTILE_CHANGE_NAMES = [
  "../../outside",
  "..%2f..",
  "ESCAPE",
  `${ESCAPING_CHANGE}.`,
  "add-dark-mode/../../..",
];

const refused = { refused: true } as const;
const refusedAs = (code: string) => ({ refused: true, code }) as const;
const contained = { refused: false } as const;
type CaseRow = [
  what: string,
  tool: string,
  args: Record<string, unknown>,
  expect: PathCase["expect"],
];
const fromRows = (rows: CaseRow[]): PathCase[] =>
  rows.map(([what, tool, args, expect]) => ({ what, tool, args, expect }));

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
  ]);
}

/** A change written through the same traps: a change folder that is a symlink out, hostile change and spec ids. */
function changeWriteRows(): CaseRow[] {
  const change = (args: Record<string, unknown>) => ({ ...CHANGE_CONTENT, ...args });
  return [
    [
      "the change escape, a symlink out, as a new change",
      "openspec_change_create",
      change({ source: "shop", name: ESCAPING_CHANGE }),
      refusedAs("path_outside_repository"),
    ],
    [
      "the change escape, a symlink out, replaced with force",
      "openspec_change_create",
      change({ source: "shop", name: ESCAPING_CHANGE, force: true }),
      refusedAs("path_outside_repository"),
    ],
    ...[...HOSTILE_CHANGE_NAMES, "-rf", ".hidden", "nul\u0000byte"].map(
      (name): CaseRow => [
        `the new change name ${JSON.stringify(name)}, with force`,
        "openspec_change_create",
        change({ source: "shop", name, force: true }),
        refusedAs("invalid_name"),
      ],
    ),
    ...["../../outside", "/etc", "auth/../../outside", "nul\u0000byte", "-rf"].map(
      (name): CaseRow => [
        `a delta spec named ${JSON.stringify(name)} in a new change, with force`,
        "openspec_change_create",
        change({
          source: "shop",
          name: "climb",
          force: true,
          specs: [{ ...CHANGE_CONTENT.specs[0], name }],
        }),
        refusedAs("invalid_name"),
      ],
    ),
    [
      "a new change in the source child, without openspec/ under an ancestor that has one",
      "openspec_change_create",
      change({ source: "child", name: "new-change" }),
      refusedAs("no_openspec_root"),
    ],
    [
      "a new change in the source gone, whose folder was deleted",
      "openspec_change_create",
      change({ source: "gone", name: "new-change" }),
      refusedAs("invalid_workdir"),
    ],
  ];
}

/** Archive and unarchive through the same traps: a change folder that leads out, hostile names, bad sources. */
function archiveRows(): CaseRow[] {
  return [
    ...[false, true].map(
      (force): CaseRow => [
        `archive the change escape, a symlink out${force ? ", with force" : ""}`,
        "openspec_change_archive",
        { source: "shop", change: ESCAPING_CHANGE, force },
        refusedAs("path_outside_repository"),
      ],
    ),
    [
      "preview the archive of the change escape, a symlink out (dry_run)",
      "openspec_change_archive",
      { source: "shop", change: ESCAPING_CHANGE, dry_run: true },
      refusedAs("path_outside_repository"),
    ],
    ...[...HOSTILE_CHANGE_NAMES, "-rf", ".hidden", "nul\u0000byte", "archive"].flatMap(
      (change): CaseRow[] => [
        [
          `archive the change name ${JSON.stringify(change)}, with force`,
          "openspec_change_archive",
          { source: "shop", change, force: true },
          refused,
        ],
        [
          `unarchive the change name ${JSON.stringify(change)}`,
          "openspec_change_unarchive",
          { source: "shop", change },
          refused,
        ],
      ],
    ),
    [
      "archive a change in the source child, without openspec/ under an ancestor that has one",
      "openspec_change_archive",
      { source: "child", change: "add-dark-mode", force: true },
      refused,
    ],
    ...(["openspec_change_archive", "openspec_change_unarchive"] as const).map(
      (tool): CaseRow => [
        `${tool} in the source gone, whose folder was deleted`,
        tool,
        { source: "gone", change: "add-dark-mode" },
        refusedAs("invalid_workdir"),
      ],
    ),
  ];
}

/** One artifact written into a change through the traps: a change folder out, a linked file or folder, hostile names. */
function changeArtifactRows(): CaseRow[] {
  const content =
    "## ADDED Requirements\n\n### Requirement: Escape\nThe system SHALL stay inside.\n\n#### Scenario: Try\n- **WHEN** escaping\n- **THEN** refused\n";
  const write = (args: Record<string, unknown>) => ({ source: "shop", content, ...args });
  return [
    ...(["proposal", "design", "tasks"] as const).flatMap((artifact) =>
      [false, true].map(
        (force): CaseRow => [
          `the ${artifact} of the change escape, a symlink out${force ? ", with force" : ""}`,
          "openspec_change_write",
          write({ change: ESCAPING_CHANGE, artifact, force }),
          refusedAs("path_outside_repository"),
        ],
      ),
    ),
    [
      "a delta spec of the change escape, a symlink out, with force",
      "openspec_change_write",
      write({ change: ESCAPING_CHANGE, artifact: "spec", spec: "outside", force: true }),
      refusedAs("path_outside_repository"),
    ],
    ...[false, true].map(
      (force): CaseRow => [
        `a design.md that is a symlink to the file outside${force ? ", with force" : ""}`,
        "openspec_change_write",
        write({ change: LINKED_ARTIFACT_CHANGE, artifact: "design", force }),
        refusedAs("path_outside_repository"),
      ],
    ),
    [
      "a delta spec whose folder is a symlink out, with force",
      "openspec_change_write",
      write({ change: "add-dark-mode", artifact: "spec", spec: "leak", force: true }),
      refusedAs("path_outside_repository"),
    ],
    ...HOSTILE_CHANGE_NAMES.map(
      (change): CaseRow => [
        `an artifact of the change name ${JSON.stringify(change)}, with force`,
        "openspec_change_write",
        write({ change, artifact: "tasks", force: true }),
        refused,
      ],
    ),
    ...["../../outside", "/etc", "auth/../../outside", "nul\u0000byte", "-rf", "."].map(
      (spec): CaseRow => [
        `a delta spec id ${JSON.stringify(spec)}, with force`,
        "openspec_change_write",
        write({ change: "add-dark-mode", artifact: "spec", spec, force: true }),
        refusedAs("invalid_name"),
      ],
    ),
    [
      "an artifact of a change that is only archived",
      "openspec_change_write",
      write({ change: ARCHIVED_CHANGE.slice(11), artifact: "design", force: true }),
      refusedAs("change_not_found"),
    ],
  ];
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
  ]);
}

/** openspec_spec_diff through the same traps: a change, a delta spec or a baseline that leads out, hostile names. */
function specDiffRows(): CaseRow[] {
  const diff = "openspec_spec_diff";
  return [
    [
      "the diff of the change escape, a symlink out",
      diff,
      { source: "shop", change: ESCAPING_CHANGE },
      refusedAs("path_outside_repository"),
    ],
    [
      "the diff of add-dark-mode, whose delta spec leak leads out",
      diff,
      { source: "shop", change: "add-dark-mode" },
      contained,
    ],
    [
      "the diff of add-dark-mode's delta spec leak, a symlink out",
      diff,
      { source: "shop", change: "add-dark-mode", spec: "leak" },
      refused,
    ],
    ...ESCAPING_SPECS.map(
      (spec): CaseRow => [
        `the spec ${spec}, a symlink out, against git HEAD`,
        diff,
        { source: "shop", from_git: true, spec },
        refusedAs("path_outside_repository"),
      ],
    ),
    ...HOSTILE_SPEC_NAMES.map(
      (spec): CaseRow => [
        `the spec name ${JSON.stringify(spec)} against git HEAD`,
        diff,
        { source: "shop", from_git: true, spec },
        refused,
      ],
    ),
    ...HOSTILE_CHANGE_NAMES.map(
      (change): CaseRow => [
        `the diff of the change name ${JSON.stringify(change)}`,
        diff,
        { source: "shop", change },
        refused,
      ],
    ),
    [
      `the spec ${ANCESTOR_SPEC_ID} of child, the ancestor's, against git HEAD`,
      diff,
      { source: "child", from_git: true, spec: ANCESTOR_SPEC_ID },
      refused,
    ],
    [
      "the diff of a change in the source gone, whose folder was deleted",
      diff,
      { source: "gone", change: "add-dark-mode" },
      refusedAs("invalid_workdir"),
    ],
  ];
}
