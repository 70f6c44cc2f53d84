import { AUTH_SPEC, makeOpenSpecRepository } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";

afterEach(cleanUp);

const THIN_SPEC =
  "# billing\n\n## Purpose\nshort\n\n## Requirements\n### Requirement: Invoice\nInvoices exist.\n";
const NO_DELTA_PROPOSAL = "## Why\nBecause.\n\n## What Changes\n- Something.\n";

describe("openspec_validate: a failed validation explains itself at the top level", () => {
  it("GIVEN a repository with an invalid spec and an invalid change WHEN it is validated THEN code validation_failed, the error counts and names them, fix names the first issue and its file, invalid lists each with its issues", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository({
      "openspec/specs/auth/spec.md": AUTH_SPEC,
      "openspec/specs/billing/spec.md": THIN_SPEC,
      "openspec/changes/add-login/proposal.md": NO_DELTA_PROPOSAL,
    });
    const result = await catalog.call("openspec_validate", { workdir: root });
    expect(result).toMatchObject({
      ok: false,
      code: "validation_failed",
      error: "2 of 3 items are invalid: change add-login, spec billing.",
      exit_code: 1,
      stdout: { summary: { totals: { items: 3, failed: 2 } } },
      invalid: [
        {
          type: "change",
          id: "add-login",
          file: "openspec/changes/add-login/",
          issues: [expect.objectContaining({ level: "ERROR", path: "file" })],
        },
        {
          type: "spec",
          id: "billing",
          file: "openspec/specs/billing/spec.md",
          issues: expect.arrayContaining([
            expect.objectContaining({ level: "ERROR", path: "requirements.0.scenarios" }),
          ]),
        },
      ],
    });
    expect(result.fix).toMatch(
      /^Start with change add-login \(openspec\/changes\/add-login\/\): correct the issue listed for it, then validate again with openspec_validate\.$/,
    );
  });

  it("GIVEN one invalid spec WHEN that target is validated THEN the summary speaks of one item and says where to start without repeating its issue", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository({ "openspec/specs/billing/spec.md": THIN_SPEC });
    const result = await catalog.call("openspec_validate", { workdir: root, target: "billing" });
    expect(result).toMatchObject({
      ok: false,
      code: "validation_failed",
      error: "1 of 1 item is invalid: spec billing.",
      fix: "Start with spec billing (openspec/specs/billing/spec.md): correct the 4 issues listed for it, then validate again with openspec_validate.",
    });
    expect(JSON.stringify(result)).toContain("Requirement must have at least one scenario");
    expect(result.ok || result.fix).not.toContain("Requirement must have at least one scenario");
  });

  it("GIVEN an unknown target WHEN it is validated THEN the CLI's own failure stays (no report to summarize)", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    const result = await catalog.call("openspec_validate", { workdir: root, target: "nope" });
    expect(result).toMatchObject({ ok: false, code: "exit_nonzero" });
    expect(result.error).toContain("Unknown item 'nope'");
    expect(result).not.toHaveProperty("invalid");
  });
});
