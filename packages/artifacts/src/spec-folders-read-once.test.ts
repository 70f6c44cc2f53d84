import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { listSpecs } from "./list-specs.js";
import { listSpecsAsync } from "./list-specs-async.js";
import { openRepository } from "./open-repository.js";
import { resolveContextAsync } from "./resolve-context-async.js";
import { countFsCalls } from "./test-support/count-fs-calls.js";

afterAll(removeTemporaryFolders);

const SPECS = 300;

describe("a server's calls on a repository of many spec folders", () => {
  const files: Record<string, string> = {
    "openspec/changes/add-login/proposal.md": "# Add login\n\n## Why\nUsers.\n",
    "openspec/changes/add-login/specs/auth/spec.md": "## ADDED Requirements\n",
  };
  for (let i = 0; i < SPECS; i++) files[`openspec/specs/s-${i}/spec.md`] = `# s-${i}\n`;
  const root = makeOpenSpecRepository(files);
  const specsDir = join(root, "openspec/specs");
  const shop = (name: string) =>
    name === "shop"
      ? { ok: true as const, name, path: root }
      : { ok: false as const, code: "source_not_found", error: `No source ${name}.` };
  const repository = () => {
    const opened = openRepository(root, { searchUpward: false });
    if (!opened.ok) throw new Error(opened.error);
    return opened.repository;
  };

  it("GIVEN 300 spec folders read before WHEN a change is looked up by token, and the overview is asked THEN each spec folder is stat'ed once per call, by the walk ahead, and never again by the synchronous reads that follow", async () => {
    const overview = await resolveContextAsync("shop", shop);
    if (!("changes" in overview)) throw new Error("no overview");
    const token = overview.changes[0]?.token;
    const lookup = await countFsCalls("statSync", specsDir, () =>
      resolveContextAsync(`shop/${token}`, shop),
    );
    expect(lookup.value).toMatchObject({ ok: true, change: { name: "add-login" } });
    // The specs folder and each spec folder; the walk ahead, the token table and both
    // lookups by token used to stat every folder again (four per folder).
    expect(lookup.calls).toBeLessThanOrEqual(SPECS + 1);
    const again = await countFsCalls("statSync", specsDir, () => resolveContextAsync("shop", shop));
    expect(again.value).toMatchObject({ ok: true, totals: { specs: SPECS } });
    expect(again.calls).toBeLessThanOrEqual(SPECS + 1);
  });

  it("GIVEN the specs listed before WHEN they are listed again THEN each folder is stat'ed once, and the answer is the synchronous one", async () => {
    await listSpecsAsync(repository());
    const { value, calls } = await countFsCalls("statSync", specsDir, () =>
      listSpecsAsync(repository()),
    );
    expect(calls).toBeLessThanOrEqual(SPECS + 1);
    expect(value).toEqual(listSpecs(repository()));
  });

  it("GIVEN a spec folder added after a call WHEN the next call is made THEN it walks again and lists the new spec, and a synchronous read outside any call lists it too", async () => {
    await resolveContextAsync("shop", shop);
    mkdirSync(join(specsDir, "s-new"));
    writeFileSync(join(specsDir, "s-new/spec.md"), "# s-new\n");
    const listed = listSpecs(repository());
    expect(listed.ok && listed.specs.includes("s-new")).toBe(true);
    const overview = await resolveContextAsync("shop", shop);
    expect(overview).toMatchObject({ ok: true, totals: { specs: SPECS + 1 } });
  });
});
