/** A main spec that `openspec validate --strict` accepts. */
export const AUTH_SPEC = `# Auth

## Purpose

Let people sign in with their email address and a password they chose.

## Requirements

### Requirement: Sign in
The system SHALL sign a person in with a correct email and password.

#### Scenario: Correct password
- **GIVEN** a registered person
- **WHEN** they enter their email and password
- **THEN** they are signed in
`;

/** An active change (token os_243ec3) with proposal, tasks (1 of 2 done), design and one delta spec. */
export const DARK_MODE_CHANGE: Record<string, string> = {
  "openspec/changes/add-dark-mode/proposal.md":
    "# Add dark mode\n\n## Why\n\nPeople who work at night find the bright interface tiring on the eyes after an hour.\n\n## What Changes\n\n- Add a dark theme.\n",
  "openspec/changes/add-dark-mode/tasks.md":
    "## 1. Theme\n\n- [x] 1.1 Pick colours\n- [ ] 1.2 Ship it\n",
  "openspec/changes/add-dark-mode/design.md": "# Design\n\nUse CSS variables.\n",
  "openspec/changes/add-dark-mode/specs/ui/spec.md":
    "## ADDED Requirements\n\n### Requirement: Dark theme\nThe interface SHALL offer a dark theme.\n\n#### Scenario: Switching\n- **WHEN** a person picks dark\n- **THEN** the interface turns dark\n",
};

/**
 * A finished change with a proposal and ticked tasks but no delta spec
 * (tidy-build, a tooling change): `openspec validate` rejects it unless its
 * `.openspec.yaml` sets `skip_specs: true`.
 */
export const NO_DELTA_CHANGE: Record<string, string> = {
  "openspec/changes/tidy-build/proposal.md":
    "# Tidy the build\n\n## Why\n\nThe build script repeats itself in three places and drifts apart.\n\n## What Changes\n\n- Share one script.\n",
  "openspec/changes/tidy-build/tasks.md": "## 1. Build\n\n- [x] 1.1 Share it\n",
};

/** Input for `openspec_spec_create` that yields a spec the strict validator accepts. */
export const CHECKOUT_SPEC_INPUT = {
  name: "checkout",
  title: "Checkout",
  purpose: "Let a shopper pay for the items in the cart with a saved card or a new one.",
  requirements: [
    {
      name: "Pay with a saved card",
      description: "The system SHALL charge the saved card the shopper picks.",
      scenarios: [
        {
          name: "Saved card accepted",
          steps: [
            { type: "GIVEN" as const, text: "a shopper with a saved card" },
            { type: "WHEN" as const, text: "they pay" },
            { type: "THEN" as const, text: "the card is charged" },
          ],
        },
      ],
    },
  ],
};

/** Input for `openspec_change_create`: a change with two tasks and one new spec the strict validator accepts. */
export const PASSKEYS_CHANGE_INPUT = {
  name: "add-passkeys",
  why: "Passwords alone are phished too often; passkeys close that gap for every user.",
  what_changes: ["Add passkey login"],
  tasks: [{ title: "Backend", items: ["Add the passkey endpoint", "Document passkeys"] }],
  specs: [
    {
      name: "passkeys",
      purpose: "Lets users sign in with a passkey instead of a password, on every client.",
      added: [
        {
          name: "Passkey login",
          description: "The system SHALL accept a registered passkey.",
          scenarios: [
            {
              name: "Valid passkey",
              steps: [
                { type: "WHEN" as const, text: "a registered passkey is used" },
                { type: "THEN" as const, text: "a session starts" },
              ],
            },
          ],
        },
      ],
    },
  ],
};
