import { CHECKOUT_SPEC_INPUT } from "@org/test-kit";
import type { ContractCase } from "./contract-case.js";

// Run last: by then webshop is renamed store and fresh is no longer registered.
// Calls as the earlier Python Hermes plugin's users write them (its argument
// names, see core's argument-aliases.ts): every host must read them as ours,
// and answer with that plugin's result fields too. Each case fails without the
// alias, since the input schemas reject names they do not list.

const { name: _name, ...checkoutSpec } = CHECKOUT_SPEC_INPUT;

export const aliasCases: ContractCase[] = [
  {
    name: "hermes-openspec names: create a change from a title, a summary and task texts",
    tool: "openspec_change_create",
    args: (s) => ({
      workdir: s.fresh,
      change_id: "remember-card",
      title: "Remember the shopper's last card",
      summary:
        "Shoppers type their card again on every order; the checkout should offer the last one.",
      tasks: ["Store the card token", "Offer it at checkout"],
    }),
    expect: { ok: true, change: "remember-card" },
  },
  {
    name: "hermes-openspec names: list tasks by change_id, with counts and status",
    tool: "openspec_task_list",
    args: (s) => ({ workdir: s.fresh, change_id: "remember-card" }),
    expect: {
      ok: true,
      tasks: [
        { id: "1.1", done: false },
        { id: "1.2", done: false },
      ],
      counts: { total: 2, done: 0, todo: 2 },
      status: "todo",
    },
  },
  {
    name: 'hermes-openspec names: tick tasks given as tasks with status "done"',
    tool: "openspec_task_set_status",
    args: (s) => ({ workdir: s.fresh, change: "remember-card", tasks: ["1.1"], status: "done" }),
    expect: {
      ok: true,
      changed: ["1.1"],
      counts: { total: 2, done: 1, todo: 1 },
      status: "in_progress",
    },
  },
  {
    name: 'hermes-openspec names: untick tasks given as task_ids with status "todo"',
    tool: "openspec_task_set_status",
    args: (s) => ({ workdir: s.fresh, change: "remember-card", task_ids: ["1.1"], status: "todo" }),
    expect: { ok: true, changed: ["1.1"], done: 0, status: "todo" },
  },
  {
    name: "hermes-openspec names: tasks and task_ids that disagree are refused",
    tool: "openspec_task_set_status",
    args: (s) => ({
      workdir: s.fresh,
      change: "remember-card",
      tasks: ["1.1"],
      task_ids: ["1.2"],
      status: "done",
    }),
    expect: { ok: false, code: "invalid_input" },
  },
  {
    name: "hermes-openspec names: a status other than todo or done is refused",
    tool: "openspec_task_set_status",
    args: (s) => ({
      workdir: s.fresh,
      change: "remember-card",
      tasks: ["1.1"],
      status: "finished",
    }),
    expect: { ok: false, code: "invalid_input" },
  },
  {
    name: "hermes-openspec names: create a spec named by spec",
    tool: "openspec_spec_create",
    args: () => ({ identifier: "store", spec: "saved-cards", ...checkoutSpec }),
    expect: { ok: true, name: "saved-cards", spec: "saved-cards", change: null },
  },
  {
    name: "hermes-openspec names: spec and name that disagree are refused",
    tool: "openspec_spec_create",
    args: (s) => ({ workdir: s.fresh, spec: "one-name", ...checkoutSpec, name: "other-name" }),
    expect: { ok: false, code: "invalid_input" },
  },
  {
    name: "hermes-openspec names: show a spec named by spec",
    tool: "openspec_spec_show",
    args: () => ({ project: "store", spec: "saved-cards" }),
    expect: { ok: true, name: "saved-cards", title: CHECKOUT_SPEC_INPUT.title },
  },
  {
    name: "hermes-openspec names: list specs of a source named by identifier, with count",
    tool: "openspec_spec_list",
    args: () => ({ identifier: "store" }),
    expect: { ok: true, specs: ["auth", "by-token", "saved-cards"], count: 3 },
  },
  {
    name: "hermes-openspec names: show a spec by name, requirements only",
    tool: "openspec_show",
    args: () => ({ source: "store", name: "auth", type: "spec", requirements_only: true }),
    expect: { ok: true, stdout: { id: "auth" } },
  },
  {
    name: 'hermes-openspec names: validate one target with scope "target" and strict',
    tool: "openspec_validate",
    args: () => ({
      source: "store",
      target: "auth",
      type: "spec",
      scope: "target",
      strict: true,
    }),
    expect: { ok: true },
  },
  {
    name: "hermes-openspec names: preview the archive of a change named by change_id",
    tool: "openspec_change_archive",
    args: (s) => ({ workdir: s.fresh, change_id: "remember-card", dry_run: true, force: true }),
    expect: { ok: true, dry_run: true, change: "remember-card" },
  },
  {
    name: "hermes-openspec names: evaluate an idea named by slug, with lists as text and sizes in any case",
    tool: "openspec_idea_enrich",
    args: (s) => ({
      workdir: s.fresh,
      slug: "gift-cards",
      problem: "Shoppers who want to give credit leave without buying anything at all.",
      key_questions: "Who pays the fees?\nDo cards expire?",
      feasibility: "high",
      tshirt_size: "s",
    }),
    expect: { ok: true, slug: "gift-cards", replaced: true },
  },
  {
    name: "hermes-openspec names: promote an idea named by slug to a change_id, with a summary",
    tool: "openspec_idea_promote",
    args: (s) => ({
      workdir: s.fresh,
      slug: "gift-cards",
      change_id: "sell-gift-cards",
      summary:
        "Shoppers who want to give credit leave without buying; selling gift cards keeps them.",
    }),
    expect: { ok: true, change: "sell-gift-cards", idea: "gift-cards" },
  },
];
