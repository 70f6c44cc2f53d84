import type { ContractCase } from "./contract-case.js";

/** A second change in fresh, proposed without tasks: a draft to promote. */
const recoveryChange = {
  name: "add-recovery",
  why: "People who lose their only passkey are locked out today and need a way back into their account.",
  what_changes: ["Add account recovery by mail"],
  specs: [
    {
      name: "recovery",
      purpose: "Lets people who lost their passkey get back into their account safely.",
      added: [
        {
          name: "Recovery mail",
          description:
            "The system SHALL send a one-time recovery link to the account's mail address.",
          scenarios: [
            {
              name: "Lost passkey",
              steps: [
                { type: "WHEN", text: "a person asks for recovery" },
                { type: "THEN", text: "a one-time link is mailed" },
              ],
            },
          ],
        },
      ],
    },
  ],
};

/**
 * Promotion and sequencing in the fresh source, after openspec_change_write
 * left add-passkeys with a task and two delta specs: promote it as it is,
 * promote a draft with the author's tasks, order the two, and see the order
 * in the task list and the archive.
 */
export const promoteAndSequenceCases: ContractCase[] = [
  {
    name: "promote: a change with tasks and delta specs is ready as it is",
    tool: "openspec_change_promote",
    args: () => ({ source: "fresh", change: "add-passkeys" }),
    expect: { ok: true, added: [], total: 1, status: "todo", validation: { valid: true } },
  },
  {
    name: "promote: propose a draft without tasks",
    tool: "openspec_change_create",
    args: () => ({ source: "fresh", ...recoveryChange }),
    expect: { ok: true, change: "add-recovery" },
  },
  {
    name: "promote: refuse a draft without tasks, naming what the author writes",
    tool: "openspec_change_promote",
    args: () => ({ source: "fresh", change: "add-recovery" }),
    expect: { ok: false, code: "change_incomplete" },
  },
  {
    name: "promote: write the author's tasks and validate",
    tool: "openspec_change_promote",
    args: () => ({
      source: "fresh",
      change: "add-recovery",
      tasks: ["Send the recovery mail"],
    }),
    expect: {
      ok: true,
      added: ["openspec/changes/add-recovery/tasks.md"],
      total: 1,
      delta_specs: ["recovery"],
      validation: { valid: true },
    },
  },
  {
    name: "promote: refuse a change that does not exist",
    tool: "openspec_change_promote",
    args: () => ({ source: "fresh", change: "add-nothing" }),
    expect: { ok: false, code: "change_not_found" },
  },
  {
    name: "sequence: recovery needs passkeys first",
    tool: "openspec_change_sequence_set",
    args: () => ({
      source: "fresh",
      changes: ["add-passkeys", "add-recovery"],
      group: "login",
      depends_on: { "add-recovery": ["add-passkeys"] },
    }),
    expect: {
      ok: true,
      group: "login",
      changes: [
        { name: "add-passkeys", sequence: { position: 1, depends_on: [], blocked_by: [] } },
        {
          name: "add-recovery",
          sequence: { position: 2, depends_on: ["add-passkeys"], blocked_by: ["add-passkeys"] },
        },
      ],
      removed: [],
    },
  },
  {
    name: "sequence: the same order by the changes' os_ tokens",
    tool: "openspec_change_sequence_set",
    // The tokens openspec_change_create and openspec_context give add-passkeys and add-recovery.
    args: () => ({
      source: "fresh",
      changes: ["os_146e4f", "os_488c67"],
      group: "login",
      depends_on: { os_488c67: ["os_146e4f"] },
    }),
    expect: {
      ok: true,
      group: "login",
      changes: [
        { name: "add-passkeys", sequence: { position: 1, depends_on: [] } },
        { name: "add-recovery", sequence: { position: 2, depends_on: ["add-passkeys"] } },
      ],
      removed: [],
      written: [],
    },
  },
  {
    name: "sequence: refuse a cycle, naming it",
    tool: "openspec_change_sequence_set",
    args: () => ({
      source: "fresh",
      changes: ["add-passkeys", "add-recovery"],
      depends_on: { "add-passkeys": ["add-recovery"], "add-recovery": ["add-passkeys"] },
    }),
    expect: { ok: false, code: "dependency_cycle" },
  },
  {
    name: "sequence: refuse a change that does not exist",
    tool: "openspec_change_sequence_set",
    args: () => ({ source: "fresh", changes: ["add-passkeys", "add-nothing"] }),
    expect: { ok: false, code: "change_not_found" },
  },
  {
    name: "sequence: refuse a change name that escapes",
    tool: "openspec_change_sequence_set",
    args: () => ({ source: "fresh", changes: ["../shop"] }),
    expect: { ok: false, code: "change_not_found" },
  },
  {
    name: "sequence: the task list shows what blocks a change",
    tool: "openspec_task_list",
    args: () => ({ source: "fresh", change: "add-recovery" }),
    expect: {
      ok: true,
      sequence: { group: "login", position: 2, blocked_by: ["add-passkeys"] },
    },
  },
  {
    name: "sequence: tick recovery's task",
    tool: "openspec_task_set_status",
    args: () => ({ source: "fresh", change: "add-recovery", ids: "all", done: true }),
    expect: { ok: true },
  },
  {
    name: "sequence: the archive's dry run says recovery waits for passkeys",
    tool: "openspec_change_archive",
    args: () => ({ source: "fresh", change: "add-recovery", dry_run: true }),
    expect: {
      ok: true,
      would_archive: false,
      diagnostics: [{ code: "dependencies_active", severity: "error" }],
    },
  },
  {
    name: "sequence: the archive refuses recovery before passkeys",
    tool: "openspec_change_archive",
    args: () => ({ source: "fresh", change: "add-recovery" }),
    expect: { ok: false, code: "dependencies_active" },
  },
];
