import { removeTemporaryFolders, runRealOpenSpec } from "@org/test-kit";
import pLimit from "p-limit";
import { afterAll, describe, expect, it } from "vitest";
import { openRepository } from "./open-repository.js";
import { showSpec } from "./show-spec.js";
import { readMainSpecs } from "./test-support/archive-with-cli.js";
import { corpusRepository } from "./test-support/parser-corpus-repository.js";

afterAll(removeTemporaryFolders);

type CliShown =
  | {
      overview: string;
      requirementCount: number;
      requirements: { scenarios: { rawText: string }[] }[];
    }
  | { status: { message: string }[] };

/** `openspec show <id> --type spec --json`, parsed. */
async function showWithCli(root: string, id: string): Promise<CliShown> {
  const args = ["show", id, "--type", "spec", "--json", "--no-interactive"];
  const { stdout, stderr } = await runRealOpenSpec(root, args);
  try {
    return JSON.parse(stdout) as CliShown;
  } catch {
    throw new Error(`openspec show ${id}: ${stdout}${stderr}`);
  }
}

describe("openspec_spec_show on a baseline spec answers what openspec show answers", () => {
  it("GIVEN the parser corpus's main specs (delta headers in a main spec, a baseline that starts with ## ADDED Requirements, one with a Purpose but ADDED in place of Requirements) WHEN each is shown by both THEN both refuse in the CLI's words, or both show the same purpose, requirements and scenarios", async () => {
    const root = corpusRepository();
    const opened = openRepository(root, { searchUpward: false });
    if (!opened.ok) throw new Error(opened.error);
    const ids = [...readMainSpecs(root).keys()].sort();
    // The shapes found in public repositories must be among them.
    expect(ids).toEqual(
      expect.arrayContaining([
        "added-only-baseline",
        "purpose-then-added",
        "delta-headers-in-main",
      ]),
    );
    const cli = await pLimit(2).map(ids, (id) => showWithCli(root, id));
    ids.forEach((id, index) => {
      const theirs = cli[index]!;
      const ours = showSpec(opened.repository, { name: id });
      if ("status" in theirs) {
        expect(ours, id).toMatchObject({ ok: false, code: "spec_unparsable" });
        const said = theirs.status[0]?.message ?? "";
        expect(said, id).toMatch(/^Spec must have a (Purpose|Requirements) section$/);
        expect(ours.ok ? "" : ours.error, id).toContain(`${said} (line`);
        return;
      }
      if (!ours.ok) throw new Error(`${id}: ${ours.error}`);
      expect(
        {
          format: ours.format,
          purpose: ours.purpose,
          requirements: ours.requirements.map((r) => r.scenarios.map((s) => s.raw_text)),
        },
        id,
      ).toEqual({
        format: "spec",
        purpose: theirs.overview,
        requirements: theirs.requirements.map((r) => r.scenarios.map((s) => s.rawText)),
      });
    });
  });
});
