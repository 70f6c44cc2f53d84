import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCliChangeJson } from "../cli-projection/to-cli-change-json.js";
import { parseDeltaSpec } from "../delta/parse-delta-spec.js";
import { cliJson, createOpenSpecRepo, type OpenSpecRepo } from "../test-support/openspec-cli.js";
import { specInput } from "../test-support/spec-input-arbitrary.js";
import type { DeltaSpecInput, SpecInput } from "../types.js";
import { stringifyDeltaSpec } from "./stringify-delta-spec.js";
import { stringifySpec } from "./stringify-spec.js";

type ValidationReport = {
  items: { id: string; valid: boolean; issues: { level: string; message: string }[] }[];
};

const steps = (text: string) => [
  { type: "WHEN" as const, text },
  { type: "THEN" as const, text: "the outcome is recorded" },
];

const BASE: SpecInput = {
  title: "Sessions",
  purpose: "How users sign in and how long their sessions last, for every client of the service.",
  requirements: [
    {
      name: "Login",
      text: "The system SHALL accept a password.",
      scenarios: [{ name: "Valid", steps: steps("the password matches") }],
    },
    {
      name: "Guest access",
      text: "The system SHALL allow guests.",
      scenarios: [{ name: "Guest", steps: steps("a guest arrives") }],
    },
    {
      name: "Timeout",
      text: "Sessions MUST time out.",
      scenarios: [{ name: "Idle", steps: steps("the session idles") }],
    },
  ],
};

const DELTA: DeltaSpecInput = {
  added: [
    {
      name: "Logout",
      text: "The system SHALL end a session on request.",
      scenarios: [{ name: "Click", steps: steps("the user logs out") }],
    },
  ],
  modified: [
    {
      name: "Login",
      text: "The system SHALL accept a password or a passkey.",
      scenarios: [{ name: "Valid", steps: steps("a passkey matches") }],
    },
  ],
  removed: [{ name: "Guest access", reason: "Guests abused the trial.", migration: "Sign up." }],
  renamed: [{ from: "Timeout", to: "Session expiry" }],
};

const PROPOSAL = [
  "# Change: Passkeys",
  "",
  "## Why",
  "",
  "Passwords alone are phished too often; passkeys close that gap for every user of the service.",
  "",
  "## What Changes",
  "",
  "- **sessions:** Add logout, accept passkeys, drop guests, rename the timeout.",
  "",
].join("\n");

const generated = fc.sample(specInput({ valid: true }), { numRuns: 8, seed: 20240601 });
let repo: OpenSpecRepo;
let specsReport: ValidationReport;
let changeReport: ValidationReport;
let changeShown: unknown;

beforeAll(async () => {
  repo = await createOpenSpecRepo();
  await repo.write("openspec/specs/sessions/spec.md", stringifySpec(BASE));
  for (const [index, spec] of generated.entries()) {
    await repo.write(`openspec/specs/generated-${index}/spec.md`, stringifySpec(spec));
  }
  await repo.write("openspec/changes/passkeys/proposal.md", PROPOSAL);
  await repo.write("openspec/changes/passkeys/specs/sessions/spec.md", stringifyDeltaSpec(DELTA));
  // One after another, each on a warm worker (a third at once would start cold).
  const specs = await repo.run(["validate", "--specs", "--strict", "--json", "--no-interactive"]);
  const change = await repo.run(["validate", "passkeys", "--strict", "--json", "--no-interactive"]);
  const shown = await repo.run([
    "show",
    "passkeys",
    "--type",
    "change",
    "--json",
    "--no-interactive",
  ]);
  specsReport = cliJson(specs) as ValidationReport;
  changeReport = cliJson(change) as ValidationReport;
  changeShown = cliJson(shown);
}, 120_000);

afterAll(() => repo?.remove());

describe("stringified Markdown under the real CLI", () => {
  it("GIVEN stringified specs whose requirements say SHALL and have scenarios WHEN validated with --strict THEN every one passes without issues", () => {
    expect(specsReport.items.map(({ id, valid, issues }) => ({ id, valid, issues }))).toEqual(
      ["sessions", ...generated.map((_, index) => `generated-${index}`)]
        .sort()
        .map((id) => ({ id, valid: true, issues: [] })),
    );
  });

  it("GIVEN a stringified delta spec against a stringified main spec WHEN the change is validated with --strict THEN it passes with no error or warning", () => {
    const [item] = changeReport.items;
    expect(item?.valid).toBe(true);
    expect(item?.issues.filter((issue) => issue.level !== "INFO")).toEqual([]);
  });

  it("GIVEN the same change WHEN the CLI shows it THEN the parsed delta projected by toCliChangeJson matches", () => {
    const projected = toCliChangeJson({
      id: "passkeys",
      proposal: PROPOSAL,
      deltaSpecs: [{ spec: "sessions", delta: parseDeltaSpec(stringifyDeltaSpec(DELTA)) }],
    });
    expect(projected.ok && projected.value).toEqual(changeShown);
  });
});
