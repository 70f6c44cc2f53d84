import { symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  makeOpenSpecRepository,
  removeTemporaryFolders,
  runRealOpenSpec,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { describeRepository } from "./describe-repository.js";
import { openRepository } from "./open-repository.js";

afterEach(() => removeTemporaryFolders());

const at = (iso: string) => new Date(iso);

function overviewOf(root: string) {
  const opened = openRepository(root, { searchUpward: false });
  if (!opened.ok) throw new Error(opened.error);
  return describeRepository(opened.repository);
}

describe("a change's last modification in the repository overview", () => {
  it("GIVEN changes whose newest file is a proposal, a nested delta spec or tasks.md THEN last_modified is the time openspec list reports for each", () => {
    const root = makeOpenSpecRepository({
      "openspec/changes/add-cart/proposal.md": "# Add cart\n\n## Why\n\nPeople buy.\n",
      "openspec/changes/add-cart/tasks.md": "- [ ] 1.1 Store it\n",
      "openspec/changes/add-login/proposal.md": "# Add login\n\n## Why\n\nPeople sign in.\n",
      "openspec/changes/add-login/specs/auth/spec.md":
        "## ADDED Requirements\n\n### Requirement: Sign in\nThe system SHALL let people sign in.\n\n#### Scenario: Signed in\n- **WHEN** a person signs in\n- **THEN** they are in\n",
    });
    const change = (name: string, file: string) => join(root, "openspec/changes", name, file);
    utimesSync(change("add-cart", "proposal.md"), at("2026-01-01"), at("2026-01-01T10:00:00.000Z"));
    utimesSync(change("add-cart", "tasks.md"), at("2026-01-01"), at("2026-02-03T04:05:06.789Z"));
    utimesSync(
      change("add-login", "proposal.md"),
      at("2026-01-01"),
      at("2026-03-01T00:00:00.000Z"),
    );
    utimesSync(
      change("add-login", "specs/auth/spec.md"),
      at("2026-01-01"),
      at("2026-04-05T06:07:08.000Z"),
    );

    const ours = Object.fromEntries(
      overviewOf(root).changes.map((entry) => [entry.name, entry.last_modified]),
    );
    expect(ours).toEqual({
      "add-cart": "2026-02-03T04:05:06.789Z",
      "add-login": "2026-04-05T06:07:08.000Z",
    });
    const listed = runRealOpenSpec(root, ["list", "--json"]);
    expect(listed.status).toBe(0);
    const cli = JSON.parse(listed.stdout) as { changes: { name: string; lastModified: string }[] };
    expect(
      Object.fromEntries(cli.changes.map((entry) => [entry.name, entry.lastModified])),
    ).toEqual(ours);
  });

  it("GIVEN a file in the change that is a symlink to a newer file outside the repository THEN the link's own time counts, and the outside file is not looked at", () => {
    const root = makeOpenSpecRepository({
      "openspec/changes/add-cart/proposal.md": "# Add cart\n\n## Why\n\nPeople buy.\n",
    });
    const outside = join(temporaryFolder("outside-"), "notes.md");
    writeFileSync(outside, "outside\n");
    utimesSync(outside, at("2026-01-01"), at("2030-01-01T00:00:00.000Z"));
    const link = join(root, "openspec/changes/add-cart/notes.md");
    symlinkSync(outside, link);
    utimesSync(
      join(root, "openspec/changes/add-cart/proposal.md"),
      at("2026-01-01"),
      at("2026-01-01T00:00:00.000Z"),
    );
    const [entry] = overviewOf(root).changes;
    expect(entry?.last_modified).not.toBe("2030-01-01T00:00:00.000Z");
    expect(entry?.last_modified).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
