import { PASSKEYS_CHANGE_INPUT } from "@org/test-kit";
import type { ContractCase } from "./contract-case.js";

/** A complete change (the test kit's sample): what openspec_change_create writes from it passes validate --strict. */
export const passkeysChange = PASSKEYS_CHANGE_INPUT;

/** openspec_change_create in the fresh source: create, refuse, replace with force, refuse bad input. */
export const changeCreateCases: ContractCase[] = [
  {
    name: "create a change with a proposal, tasks and a delta spec",
    tool: "openspec_change_create",
    args: () => ({ source: "fresh", ...passkeysChange }),
    expect: {
      ok: true,
      change: "add-passkeys",
      path: "openspec/changes/add-passkeys",
      overwritten: false,
      warnings: [],
      validation: { valid: true },
    },
  },
  {
    name: "refuse to create a change that exists",
    tool: "openspec_change_create",
    args: () => ({ source: "fresh", ...passkeysChange }),
    expect: { ok: false, code: "change_exists" },
  },
  {
    name: "replace a change's files with force",
    tool: "openspec_change_create",
    args: () => ({ source: "fresh", ...passkeysChange, force: true }),
    expect: { ok: true, overwritten: true, validation: { valid: true } },
  },
  {
    name: "refuse a change name that escapes",
    tool: "openspec_change_create",
    args: () => ({ source: "fresh", ...passkeysChange, name: "../escape" }),
    expect: { ok: false, code: "invalid_name" },
  },
  {
    name: "refuse a change that lists no change",
    tool: "openspec_change_create",
    args: () => ({ source: "fresh", ...passkeysChange, what_changes: [] }),
    expect: { ok: false, code: "invalid_input" },
  },
];

/** The task tools on collide's add-dark-mode: list, tick, refuse an unknown id, untick all, refuse an escape. */
export const taskCases: ContractCase[] = [
  {
    name: "tasks: list a change's tasks with their ids",
    tool: "openspec_task_list",
    args: () => ({ source: "collide", change: "add-dark-mode" }),
    expect: {
      ok: true,
      done: 1,
      total: 2,
      tasks: [
        { id: "1.1", done: true, section: "1. Theme" },
        { id: "1.2", done: false },
      ],
    },
  },
  {
    name: "tasks: a source with several changes needs the change named",
    tool: "openspec_task_list",
    args: () => ({ source: "collide" }),
    expect: { ok: false, code: "change_not_found" },
  },
  {
    name: "tasks: tick one task",
    tool: "openspec_task_set_status",
    args: () => ({ source: "collide", change: "add-dark-mode", ids: ["1.2"], done: true }),
    expect: { ok: true, changed: ["1.2"], unchanged: [], done: 2, total: 2 },
  },
  {
    name: "tasks: an unknown id changes nothing",
    tool: "openspec_task_set_status",
    args: () => ({ source: "collide", change: "add-dark-mode", ids: ["1.2", "7.7"], done: false }),
    expect: { ok: false, code: "task_not_found" },
  },
  {
    name: "tasks: untick every task",
    tool: "openspec_task_set_status",
    args: () => ({ source: "collide", change: "add-dark-mode", ids: "all", done: false }),
    expect: { ok: true, changed: ["1.1", "1.2"], done: 0 },
  },
  {
    name: "tasks: refuse a change name that escapes",
    tool: "openspec_task_set_status",
    args: () => ({ source: "collide", change: "../shop", ids: "all", done: true }),
    expect: { ok: false, code: "invalid_name" },
  },
];

/** The end of add-passkeys' life in the fresh repository (its source is removed by then): archive once its tasks are done, then back. */
export const archiveCases: ContractCase[] = [
  {
    name: "archive: refuse a change with open tasks",
    tool: "openspec_change_archive",
    args: (s) => ({ workdir: s.fresh, change: "add-passkeys" }),
    expect: { ok: false, code: "tasks_open" },
  },
  {
    name: "archive: tick every task first",
    tool: "openspec_task_set_status",
    args: (s) => ({ workdir: s.fresh, change: "add-passkeys", ids: "all", done: true }),
    expect: { ok: true, done: 1, total: 1 },
  },
  {
    name: "archive: preview with dry_run, and nothing moves",
    tool: "openspec_change_archive",
    args: (s) => ({ workdir: s.fresh, change: "add-passkeys", dry_run: true }),
    expect: { ok: true, dry_run: true, change: "add-passkeys", would_archive: true, errors: 0 },
  },
  {
    name: "archive: merge the delta and move the change",
    tool: "openspec_change_archive",
    args: (s) => ({ workdir: s.fresh, change: "add-passkeys" }),
    expect: {
      ok: true,
      change: "add-passkeys",
      specs_updated: true,
      // auth/sessions: the delta spec the change write cases added.
      specs: [
        { id: "auth/sessions", path: "openspec/specs/auth/sessions/spec.md", outcome: "created" },
        { id: "passkeys", path: "openspec/specs/passkeys/spec.md", outcome: "created" },
      ],
      totals: { added: 2, modified: 0, removed: 0, renamed: 0 },
      tasks: { done: 1, total: 1 },
    },
  },
  {
    name: "archive: refuse a change name that escapes",
    tool: "openspec_change_archive",
    args: (s) => ({ workdir: s.fresh, change: "../shop", force: true }),
    expect: { ok: false, code: "invalid_name" },
  },
  {
    name: "unarchive: move the change back, naming the spec that stays merged",
    tool: "openspec_change_unarchive",
    args: (s) => ({ workdir: s.fresh, change: "add-passkeys" }),
    expect: {
      ok: true,
      change: "add-passkeys",
      path: "openspec/changes/add-passkeys",
      specs_not_rolled_back: [
        { id: "auth/sessions", path: "openspec/specs/auth/sessions/spec.md" },
        { id: "passkeys", path: "openspec/specs/passkeys/spec.md" },
      ],
    },
  },
  {
    name: "unarchive: refuse a change that is no longer archived",
    tool: "openspec_change_unarchive",
    args: (s) => ({ workdir: s.fresh, change: "add-passkeys" }),
    expect: { ok: false, code: "change_not_found" },
  },
  {
    name: "archive: again after unarchive, the baseline is already in sync",
    tool: "openspec_change_archive",
    args: (s) => ({ workdir: s.fresh, change: "add-passkeys" }),
    expect: {
      ok: true,
      specs_updated: false,
      specs: [
        { id: "auth/sessions", outcome: "unchanged" },
        { id: "passkeys", outcome: "unchanged" },
      ],
      totals: { added: 0, modified: 0, removed: 0, renamed: 0 },
    },
  },
  {
    name: "unarchive: propose the change anew under the same name",
    tool: "openspec_change_create",
    args: (s) => ({ workdir: s.fresh, ...passkeysChange }),
    expect: { ok: true, change: "add-passkeys", overwritten: false },
  },
  {
    name: "unarchive: refuse when an active change has the name",
    tool: "openspec_change_unarchive",
    args: (s) => ({ workdir: s.fresh, change: "add-passkeys" }),
    expect: { ok: false, code: "change_exists" },
  },
  {
    name: "archive: the CLI's own refusal (today's archive name is taken) comes back with its diagnostics",
    tool: "openspec_change_archive",
    args: (s) => ({ workdir: s.fresh, change: "add-passkeys", force: true, skip_specs: true }),
    expect: { ok: false, code: "exit_nonzero" },
  },
  {
    name: "unarchive: refuse a change name that escapes",
    tool: "openspec_change_unarchive",
    args: (s) => ({ workdir: s.fresh, change: "../../outside" }),
    expect: { ok: false, code: "invalid_name" },
  },
];

const sessionsDelta = [
  "## ADDED Requirements",
  "",
  "### Requirement: Session expiry",
  "The system SHALL end a passkey session after 30 days.",
  "",
  "#### Scenario: Old session",
  "- **WHEN** a session is older than 30 days",
  "- **THEN** the user signs in again",
  "",
].join("\n");

/** openspec_change_write on the change openspec_change_create made in the fresh source. */
export const changeWriteCases: ContractCase[] = [
  {
    name: "change write: add the missing design",
    tool: "openspec_change_write",
    args: () => ({
      source: "fresh",
      change: "add-passkeys",
      artifact: "design",
      content: "# Design\r\n\r\nPasskeys are stored by the browser.\r\n",
    }),
    expect: {
      ok: true,
      path: "openspec/changes/add-passkeys/design.md",
      created: true,
      bytes: 49,
      warnings: [],
      validation: { valid: true },
    },
  },
  {
    name: "change write: add a delta spec under a nested id",
    tool: "openspec_change_write",
    args: () => ({
      source: "fresh",
      change: "add-passkeys",
      artifact: "spec",
      spec: "auth/sessions",
      content: sessionsDelta,
    }),
    expect: {
      ok: true,
      spec: "auth/sessions",
      path: "openspec/changes/add-passkeys/specs/auth/sessions/spec.md",
      created: true,
      warnings: [],
      validation: { valid: true },
    },
  },
  {
    name: "change write: refuse to replace the proposal without force",
    tool: "openspec_change_write",
    args: () => ({
      source: "fresh",
      change: "add-passkeys",
      artifact: "proposal",
      content: "## Why\nx\n",
    }),
    expect: { ok: false, code: "artifact_exists" },
  },
  {
    name: "change write: replace tasks with force, warning about no checkbox",
    tool: "openspec_change_write",
    args: () => ({
      source: "fresh",
      change: "add-passkeys",
      artifact: "tasks",
      content: "## 1. Backend\n- Add the passkey endpoint\n",
      force: true,
    }),
    expect: {
      ok: true,
      created: false,
      warnings: [{ code: "tasks_without_checkboxes" }],
      validation: { valid: false },
    },
  },
  {
    name: "change write: put the checkbox back",
    tool: "openspec_change_write",
    args: () => ({
      source: "fresh",
      change: "add-passkeys",
      artifact: "tasks",
      content: "## 1. Backend\n- [ ] 1.1 Add the passkey endpoint\n",
      force: true,
    }),
    expect: { ok: true, created: false, warnings: [], validation: { valid: true } },
  },
  {
    name: "change write: refuse a spec id that escapes",
    tool: "openspec_change_write",
    args: () => ({
      source: "fresh",
      change: "add-passkeys",
      artifact: "spec",
      spec: "../../../specs/passkeys",
      content: sessionsDelta,
    }),
    expect: { ok: false, code: "invalid_name" },
  },
  {
    name: "change write: refuse a change that does not exist",
    tool: "openspec_change_write",
    args: () => ({ source: "fresh", change: "add-nothing", artifact: "design", content: "# D\n" }),
    expect: { ok: false, code: "change_not_found" },
  },
];
