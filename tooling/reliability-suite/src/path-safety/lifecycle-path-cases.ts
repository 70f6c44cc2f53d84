import {
  ARCHIVE_LINKED_SOURCE,
  archiveChangeInto,
  LINKED_BASELINES,
  READY_CHANGE,
} from "../sandbox/make-archive-traps.js";
import {
  ANCESTOR_SPEC_ID,
  LINKED_ARTIFACT_CHANGE,
  LINKED_METADATA_CHANGE,
} from "../sandbox/make-path-traps.js";
import { ARCHIVED_CHANGE, ESCAPING_CHANGE, ESCAPING_SPECS } from "../sandbox/make-sandbox.js";
import {
  type CaseRow,
  contained,
  HOSTILE_CHANGE_NAMES,
  HOSTILE_SPEC_NAMES,
  refused,
  refusedAs,
} from "./path-case-parts.js";
import { CHANGE_CONTENT } from "./path-cases.js";

/** A change written through the same traps: a change folder that is a symlink out, hostile change and spec ids. */
export function changeWriteRows(): CaseRow[] {
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
export function archiveRows(): CaseRow[] {
  return [
    ...LINKED_BASELINES.flatMap((spec): CaseRow[] => [
      [
        `archive ${archiveChangeInto(spec)}, whose baseline spec ${spec} leads out, with force`,
        "openspec_change_archive",
        { source: "shop", change: archiveChangeInto(spec), force: true },
        refusedAs("path_outside_repository"),
      ],
      [
        `preview the archive of ${archiveChangeInto(spec)}, whose baseline spec ${spec} leads out (dry_run)`,
        "openspec_change_archive",
        { source: "shop", change: archiveChangeInto(spec), dry_run: true },
        refusedAs("path_outside_repository"),
      ],
    ]),
    ...[false, true].map(
      (dryRun): CaseRow => [
        `${dryRun ? "preview the archive of" : "archive"} a change of ${ARCHIVE_LINKED_SOURCE}, whose openspec/changes/archive leads out`,
        "openspec_change_archive",
        { source: ARCHIVE_LINKED_SOURCE, change: READY_CHANGE, dry_run: dryRun },
        refusedAs("path_outside_repository"),
      ],
    ),
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
export function changeArtifactRows(): CaseRow[] {
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

/**
 * Promotion and sequencing through the same traps: a change folder that leads
 * out, a .openspec.yaml that is a symlink out, hostile change names as a
 * change, a dependency and a promoted change's tasks.
 */
export function sequenceRows(): CaseRow[] {
  const sequence = (args: Record<string, unknown>) => ({ source: "shop", ...args });
  const tasks = ["Stay inside"];
  return [
    [
      "a sequence holding the change escape, a symlink out",
      "openspec_change_sequence_set",
      sequence({ changes: ["add-dark-mode", ESCAPING_CHANGE] }),
      refusedAs("change_not_found"),
    ],
    [
      "a sequence needing the change escape, a symlink out",
      "openspec_change_sequence_set",
      sequence({ changes: ["add-dark-mode"], depends_on: { "add-dark-mode": [ESCAPING_CHANGE] } }),
      refusedAs("change_not_found"),
    ],
    [
      "a sequence holding a change whose .openspec.yaml is a symlink to the file outside",
      "openspec_change_sequence_set",
      sequence({ changes: [LINKED_METADATA_CHANGE] }),
      refusedAs("not_a_regular_file"),
    ],
    ...HOSTILE_CHANGE_NAMES.flatMap((name): CaseRow[] => [
      [
        `a sequence holding the change name ${JSON.stringify(name)}`,
        "openspec_change_sequence_set",
        sequence({ changes: [name] }),
        refused,
      ],
      [
        `a sequence needing the change name ${JSON.stringify(name)}`,
        "openspec_change_sequence_set",
        sequence({ changes: ["add-dark-mode"], depends_on: { "add-dark-mode": [name] } }),
        refused,
      ],
      [
        `promoting the change name ${JSON.stringify(name)} with tasks and force`,
        "openspec_change_promote",
        sequence({ change: name, tasks, force: true }),
        refused,
      ],
    ]),
    [
      "promoting the change escape, a symlink out, with tasks and force",
      "openspec_change_promote",
      sequence({ change: ESCAPING_CHANGE, tasks, force: true }),
      refused,
    ],
    [
      "promoting a change that is only archived",
      "openspec_change_promote",
      sequence({ change: ARCHIVED_CHANGE.slice(11), tasks, force: true }),
      refusedAs("change_not_found"),
    ],
  ];
}

/** openspec_spec_diff through the same traps: a change, a delta spec or a baseline that leads out, hostile names. */
export function specDiffRows(): CaseRow[] {
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
    ...LINKED_BASELINES.map(
      (spec): CaseRow => [
        `the diff of ${archiveChangeInto(spec)}, whose baseline spec ${spec} leads out`,
        diff,
        { source: "shop", change: archiveChangeInto(spec) },
        refusedAs("path_outside_repository"),
      ],
    ),
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
