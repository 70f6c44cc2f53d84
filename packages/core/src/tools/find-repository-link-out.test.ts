import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { AUTH_SPEC, makeOpenSpecRepository, temporaryFolder, writeFiles } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";

afterEach(cleanUp);

const MARKER = "OUTSIDE-SPEC-TEXT";
const OUTSIDE_SPEC = AUTH_SPEC.replaceAll("auth", MARKER);

/** A repository with the spec auth, and a spec outside it reached through the link `variant`. */
function repositoryLinkingOut(
  variant: "spec.md" | "spec folder" | "specs folder" | "changes folder",
) {
  const outside = temporaryFolder("outside-");
  writeFiles(outside, {
    "leaked/spec.md": OUTSIDE_SPEC,
    "changes/leaked/proposal.md": `## Why\n${MARKER} reasons.\n\n## What Changes\n- ${MARKER}\n`,
  });
  const root = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
  const specs = join(root, "openspec/specs");
  let link: string;
  if (variant === "spec.md") {
    mkdirSync(join(specs, "leaked"));
    link = "openspec/specs/leaked/spec.md";
    symlinkSync(join(outside, "leaked/spec.md"), join(root, link));
  } else if (variant === "spec folder") {
    link = "openspec/specs/leaked";
    symlinkSync(join(outside, "leaked"), join(root, link));
  } else if (variant === "specs folder") {
    link = "openspec/specs";
    rmSync(specs, { recursive: true });
    symlinkSync(outside, specs);
  } else {
    link = "openspec/changes";
    rmSync(join(root, link), { recursive: true });
    symlinkSync(join(outside, "changes"), join(root, link));
  }
  return { root, outside, link };
}

const SPEC_READS: [string, Record<string, unknown>][] = [
  ["openspec_validate", {}],
  ["openspec_validate", { scope: "specs" }],
  ["openspec_list", { kind: "specs" }],
  ["openspec_list", { kind: "specs", engine: "cli" }],
  ["openspec_cli", { args: ["validate", "--all", "--json"] }],
  ["openspec_cli", { args: ["validate", "--specs", "--json"] }],
  ["openspec_cli", { args: ["spec", "validate", "--json", "--no-interactive"] }],
  ["openspec_cli", { args: ["list", "--specs", "--json"] }],
  ["openspec_cli", { args: ["spec", "list", "--json"] }],
];
const CHANGE_READS: [string, Record<string, unknown>][] = [
  ["openspec_validate", {}],
  ["openspec_validate", { scope: "changes" }],
  ["openspec_list", {}],
  ["openspec_list", { engine: "cli" }],
  ["openspec_cli", { args: ["validate", "--all", "--json"] }],
  ["openspec_cli", { args: ["list", "--json"] }],
  ["openspec_cli", { args: ["change", "list", "--json"] }],
];

describe("reads of every item never follow a spec or a folder that leads out of the repository", () => {
  const cases = [
    ...(["spec.md", "spec folder", "specs folder"] as const).flatMap((variant) =>
      SPEC_READS.map(([tool, input]) => [variant, tool, input] as const),
    ),
    ...CHANGE_READS.map(([tool, input]) => ["changes folder" as const, tool, input] as const),
  ];
  it.each(cases)(
    "GIVEN a %s that is a symlink out WHEN %s reads every item (%j) THEN path_outside_repository names the link and nothing from outside comes back",
    async (variant, tool, input) => {
      const { catalog } = makeCatalog();
      const { root, outside, link } = repositoryLinkingOut(variant);
      const result = await catalog.call(tool, { workdir: root, ...input });
      expect(result).toMatchObject({ ok: false, code: "path_outside_repository" });
      expect(result.ok || `${result.error} ${result.fix}`).toContain(link);
      expect(JSON.stringify(result)).not.toContain(MARKER);
      expect(JSON.stringify(result)).not.toContain(outside);
    },
  );

  it("GIVEN a spec folder that is a symlink to another folder inside the repository WHEN every spec is validated and listed THEN both answer", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository({
      "openspec/specs/auth/spec.md": AUTH_SPEC,
      "docs/billing/spec.md": AUTH_SPEC.replaceAll("auth", "billing"),
    });
    symlinkSync(join(root, "docs/billing"), join(root, "openspec/specs/billing"));
    const validated = await catalog.call("openspec_validate", { workdir: root });
    expect(validated).toMatchObject({ ok: true, stdout: { summary: { totals: { items: 1 } } } });
    const listed = await catalog.call("openspec_cli", {
      workdir: root,
      args: ["list", "--specs", "--json"],
    });
    expect(listed).toMatchObject({ ok: true, stdout: { specs: [{ id: "auth" }] } });
  });
});
