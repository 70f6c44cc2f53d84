import { removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "./test-support/dashboard-sandbox.js";

const PROPOSAL = "## Why\nRelease steps need specs.\n\n## What Changes\n- Add them.\n";

/** A delta that adds `count` requirements, each with one scenario, named after `spec`. */
function addedRequirements(spec: string, count: number): string {
  const requirements = Array.from(
    { length: count },
    (_, i) =>
      `### Requirement: ${spec} step ${i + 1}\nThe system SHALL run ${spec} step ${i + 1}.\n\n#### Scenario: ${spec} step ${i + 1} runs\n- **WHEN** a release starts\n- **THEN** ${spec} step ${i + 1} runs\n`,
  );
  return `## ADDED Requirements\n\n${requirements.join("\n")}`;
}

/** A delta whose requirement has no scenario: `openspec validate --strict` fails on it. */
const BROKEN_DELTA =
  "## ADDED Requirements\n\n### Requirement: Due dates\nInvoices have a due date.\n";

const files: Record<string, string> = {
  "openspec/changes/add-steps/proposal.md": PROPOSAL,
  "openspec/changes/add-steps/specs/alpha/spec.md": addedRequirements("alpha", 2),
  "openspec/changes/add-steps/specs/beta/spec.md": addedRequirements("beta", 2),
  "openspec/changes/add-steps/specs/gamma/spec.md": addedRequirements("gamma", 30),
};
for (let i = 1; i <= 12; i += 1) {
  files[`openspec/changes/broken-${i}/proposal.md`] = PROPOSAL;
  files[`openspec/changes/broken-${i}/specs/billing/spec.md`] = BROKEN_DELTA;
}

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ files });
});
afterAll(async () => {
  await sandbox?.close();
  removeTemporaryFolders();
});

const get = (path: string) => fetch(`${sandbox.base}${path}`, { redirect: "manual" });

describe("GIVEN answers a model gets a page at a time", () => {
  it("WHEN the page of a change with three delta specs, one of 30 requirements, is opened THEN every spec's diff is shown whole", async () => {
    const page = await (await get("/s/shop/changes/add-steps")).text();
    for (const spec of ["alpha", "beta", "gamma"]) expect(page).toContain(`${spec} step 1`);
    expect(page).toContain("gamma step 30");
    expect(page).toMatch(/<span class="add">\+### Requirement: gamma step 30/);
  });

  it("WHEN everything is validated on the page THEN each of the 12 invalid changes is listed", async () => {
    const page = await (await get("/s/shop/validate?run=1")).text();
    for (let i = 1; i <= 12; i += 1) expect(page).toContain(`change broken-${i}<`);
  });

  it("WHEN the validation on the page fails THEN its fix names the page's Run again button, not a tool name", async () => {
    const page = await (await get("/s/shop/validate?run=1")).text();
    expect(page).toContain("then validate again with the Run again button.");
    expect(page).not.toContain("openspec_validate");
  });
});
