import { CHECKOUT_SPEC_INPUT } from "@org/test-kit";
import type { ContractCase } from "./contract-case.js";

/** The saved-card requirement of fresh's checkout spec, as openspec_spec_create wrote it. */
const savedCard = CHECKOUT_SPEC_INPUT.requirements[0]!;

/** A change to fresh's checkout spec: one requirement reworded, with a scenario added. */
const tuneCheckoutChange = {
  name: "tune-checkout",
  why: "Shoppers were charged twice when they pressed pay twice; a saved card must be charged once per order.",
  what_changes: ["Charge a saved card once per order"],
  specs: [
    {
      name: "checkout",
      modified: [
        {
          name: savedCard.name,
          description: "The system SHALL charge the saved card the shopper picks, once per order.",
          scenarios: [
            ...savedCard.scenarios,
            {
              name: "Pay pressed twice",
              steps: [
                { type: "WHEN" as const, text: "the shopper presses pay twice" },
                { type: "THEN" as const, text: "the card is charged once" },
              ],
            },
          ],
        },
      ],
    },
  ],
};

/** A change the archive would refuse: it modifies a requirement checkout does not have. */
const refundChange = {
  name: "refund-checkout",
  why: "Shoppers ask for refunds by mail today; the checkout should let them ask for one where they paid.",
  what_changes: ["Modify a refund requirement that does not exist yet"],
  specs: [
    {
      name: "checkout",
      modified: [
        {
          name: "Refund",
          description: "The system SHALL refund a paid order on request.",
          scenarios: [
            {
              name: "Refund asked",
              steps: [
                { type: "WHEN" as const, text: "a shopper asks for a refund" },
                { type: "THEN" as const, text: "the order is refunded" },
              ],
            },
          ],
        },
      ],
    },
  ],
};

/** openspec_spec_diff in fresh (by workdir: the source is removed by then): a new spec, a modified one, one the archive would refuse, from_git and bad input. */
export const specDiffCases: ContractCase[] = [
  {
    name: "spec diff: a change that creates a spec",
    tool: "openspec_spec_diff",
    args: (s) => ({ workdir: s.fresh, change: "add-passkeys" }),
    expect: {
      ok: true,
      change: "add-passkeys",
      from_git: false,
      errors: 0,
      specs: [
        // Written into the change by the change write cases.
        {
          spec: "auth/sessions",
          path: "openspec/specs/auth/sessions/spec.md",
          baseline_exists: false,
          requirements: [{ name: "Session expiry", operation: "ADDED" }],
          diagnostics: [],
        },
        {
          spec: "passkeys",
          path: "openspec/specs/passkeys/spec.md",
          baseline_exists: false,
          requirements: [
            {
              name: "Passkey login",
              operation: "ADDED",
              scenarios: { added: ["Valid passkey"], removed: [], changed: [] },
              text_changed: true,
            },
          ],
          diagnostics: [],
        },
      ],
    },
  },
  {
    name: "spec diff: one delta spec a page, the diff text left out with detail summary",
    tool: "openspec_spec_diff",
    args: (s) => ({ workdir: s.fresh, change: "add-passkeys", limit: 1, detail: "summary" }),
    expect: {
      ok: true,
      errors: 0,
      specs: [{ spec: "auth/sessions", unified_diff: "", truncated: true }],
      page: { offset: 0, limit: 1, total: 2, next_offset: 1 },
    },
  },
  {
    name: "spec diff: create a change that modifies a requirement of checkout",
    tool: "openspec_change_create",
    args: (s) => ({ workdir: s.fresh, ...tuneCheckoutChange }),
    expect: { ok: true, change: "tune-checkout" },
  },
  {
    name: "spec diff: a change that modifies a requirement",
    tool: "openspec_spec_diff",
    args: (s) => ({ workdir: s.fresh, change: "tune-checkout", spec: "checkout" }),
    expect: {
      ok: true,
      errors: 0,
      specs: [
        {
          spec: "checkout",
          baseline_exists: true,
          requirements: [
            {
              name: savedCard.name,
              operation: "MODIFIED",
              scenarios: { added: ["Pay pressed twice"], removed: [], changed: [] },
              text_changed: true,
            },
          ],
        },
      ],
      // The call names one spec, so that spec is also at the top level, as hermes-openspec answered.
      spec: "checkout",
      status: "modified",
      baseline_exists: true,
      requirements: { added: [], modified: [{ name: savedCard.name }], removed: [], renamed: [] },
    },
  },
  {
    name: "spec diff: create a change that modifies a requirement checkout lacks",
    tool: "openspec_change_create",
    args: (s) => ({ workdir: s.fresh, ...refundChange }),
    expect: { ok: true, change: "refund-checkout" },
  },
  {
    name: "spec diff: what the archive would refuse is an error, and nothing is diffed",
    tool: "openspec_spec_diff",
    args: (s) => ({ workdir: s.fresh, change: "refund-checkout" }),
    expect: {
      ok: true,
      errors: 1,
      specs: [{ spec: "checkout", unified_diff: "", diagnostics: [{ severity: "error" }] }],
    },
  },
  {
    name: "spec diff: one spec whose delta the archive would refuse is invalid at the top level",
    tool: "openspec_spec_diff",
    args: (s) => ({ workdir: s.fresh, change: "refund-checkout", spec: "checkout" }),
    expect: { ok: true, errors: 1, status: "invalid", line_diff: "" },
  },
  {
    name: "spec diff: a spec the change has no delta for",
    tool: "openspec_spec_diff",
    args: (s) => ({ workdir: s.fresh, change: "tune-checkout", spec: "passkeys" }),
    expect: { ok: false, code: "spec_not_found" },
  },
  {
    name: "spec diff: from_git with a spec id that climbs out",
    tool: "openspec_spec_diff",
    args: (s) => ({ workdir: s.fresh, from_git: true, spec: "../../etc" }),
    expect: { ok: false, code: "invalid_name" },
  },
  {
    name: "spec diff: from_git without a spec",
    tool: "openspec_spec_diff",
    args: (s) => ({ workdir: s.fresh, from_git: true }),
    expect: { ok: false, code: "invalid_input" },
  },
  {
    name: "spec diff: a change and from_git together",
    tool: "openspec_spec_diff",
    args: (s) => ({ workdir: s.fresh, change: "add-passkeys", from_git: true, spec: "passkeys" }),
    expect: { ok: false, code: "invalid_input" },
  },
  {
    name: "spec diff: refuse a change name that escapes",
    tool: "openspec_spec_diff",
    args: (s) => ({ workdir: s.fresh, change: "../shop" }),
    expect: { ok: false, code: "invalid_name" },
  },
];
