import { existsSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { makeOpenSpecRepository, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";
import { toolResultSchema } from "../tool-result-schema.js";
import { ideaCreateTool } from "./idea-create-tool.js";
import { ideaEnrichTool } from "./idea-enrich-tool.js";
import { ideaPromoteTool } from "./idea-promote-tool.js";

afterEach(cleanUp);

const PASSKEY_REQUIREMENT = {
  name: "Passkey login",
  description: "The system SHALL accept a registered passkey.",
  scenarios: [
    {
      name: "Valid passkey",
      steps: [
        { type: "WHEN" as const, text: "a registered passkey is used" },
        { type: "THEN" as const, text: "the user is signed in" },
      ],
    },
  ],
};

describe("the idea tools", () => {
  it("GIVEN a registered source WHEN an idea is created, enriched twice and promoted THEN the change validates once its delta spec is added, and the two link to each other", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository();
    await catalog.call("openspec_source_add", { path: root, name: "shop" });

    const created = await catalog.call("openspec_idea_create", {
      source: "shop",
      title: "Passkeys for everyone",
      prompt: "Users keep losing passwords; let them sign in with passkeys.",
      origin: "human",
      tags: ["auth"],
    });
    expect(toolResultSchema(ideaCreateTool).safeParse(created).success).toBe(true);
    expect(created).toMatchObject({ ok: true, slug: "passkeys-for-everyone" });

    // The earlier plugin's names: `slug` for idea, lists as text, sizes in any case.
    for (const problem of [
      "A first take.",
      "Passwords are phished and forgotten; every support week starts with resets.",
    ]) {
      const enriched = await catalog.call("openspec_idea_enrich", {
        project: "shop",
        slug: "passkeys-for-everyone",
        problem,
        proposed_direction: "- Add passkey login\n- Keep passwords as a fallback",
        feasibility: "high",
        tshirt_size: "m",
        risks: "Old browsers",
      });
      expect(toolResultSchema(ideaEnrichTool).safeParse(enriched).success).toBe(true);
    }
    const ideaFile = join(root, "openspec/ideas/passkeys-for-everyone.md");
    const evaluated = readFileSync(ideaFile, "utf8");
    expect(evaluated.split("## Enrichment Report").length - 1).toBe(1);
    expect(evaluated).not.toContain("A first take.");
    expect(evaluated).toContain("Feasibility: High");

    const promoted = await catalog.call("openspec_idea_promote", {
      source: "shop",
      idea: "passkeys-for-everyone",
      change_id: "add-passkeys",
    });
    expect(toolResultSchema(ideaPromoteTool).safeParse(promoted).success).toBe(true);
    expect(promoted).toMatchObject({
      ok: true,
      change: "add-passkeys",
      idea: "passkeys-for-everyone",
      idea_path: "openspec/ideas/passkeys-for-everyone.md",
      validation: { valid: false },
    });
    const proposal = readFileSync(join(root, "openspec/changes/add-passkeys/proposal.md"), "utf8");
    expect(proposal).toContain("Passwords are phished and forgotten");
    expect(proposal).toContain("- Add passkey login\n- Keep passwords as a fallback");
    expect(proposal).toContain(
      "## Source Idea\n\n- `openspec/ideas/passkeys-for-everyone.md`: Passkeys for everyone",
    );
    // The earlier plugin's callers find the idea's `relative_path` in the proposal.
    expect(created).toMatchObject({ relative_path: "openspec/ideas/passkeys-for-everyone.md" });
    expect(proposal).toContain(created.ok ? String(created.relative_path) : "none");
    expect(
      readFileSync(join(root, "openspec/changes/add-passkeys/.openspec.yaml"), "utf8"),
    ).toContain("sourceIdea: openspec/ideas/passkeys-for-everyone.md");
    expect(readFileSync(ideaFile, "utf8")).toContain(
      "- Change: `add-passkeys` (openspec/changes/add-passkeys/)",
    );

    const spec = await catalog.call("openspec_spec_create", {
      source: "shop",
      change: "add-passkeys",
      name: "passkeys",
      title: "Passkeys",
      purpose: "Lets users sign in with a passkey instead of a password, on every client.",
      requirements: [PASSKEY_REQUIREMENT],
    });
    expect(spec).toMatchObject({ ok: true });
    expect(
      await catalog.call("openspec_validate", { source: "shop", target: "add-passkeys" }),
    ).toMatchObject({
      ok: true,
    });

    const context = await catalog.call("openspec_context", { identifier: "shop" });
    expect(context).toMatchObject({
      ok: true,
      ideas: [
        { slug: "passkeys-for-everyone", title: "Passkeys for everyone", change: "add-passkeys" },
      ],
      totals: { ideas: 1 },
    });
    const token = created.ok ? created.token : "";
    for (const identifier of [`shop/${token}`, "shop/ideas/passkeys-for-everyone"]) {
      expect(await catalog.call("openspec_context", { identifier })).toMatchObject({
        ok: true,
        idea: {
          slug: "passkeys-for-everyone",
          token,
          enriched: true,
          tshirt_size: "M",
          change: "add-passkeys",
        },
      });
    }
  });

  it("GIVEN the same title twice WHEN created THEN the second is -2 and the first is unchanged", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository();
    const first = await catalog.call("openspec_idea_create", {
      workdir: root,
      title: "Dark mode",
      prompt: "One.",
    });
    const second = await catalog.call("openspec_idea_create", {
      workdir: root,
      title: "Dark mode",
      prompt: "Two.",
    });
    expect([first, second]).toMatchObject([{ slug: "dark-mode" }, { slug: "dark-mode-2" }]);
    expect(readFileSync(join(root, "openspec/ideas/dark-mode.md"), "utf8")).toContain("One.");
  });

  it("GIVEN openspec/ideas symlinked out of the repository WHEN each idea tool is called THEN path_outside_repository and nothing is written outside", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository();
    const outside = temporaryFolder("outside-");
    symlinkSync(outside, join(root, "openspec", "ideas"));
    const calls: [string, Record<string, unknown>][] = [
      ["openspec_idea_create", { title: "Leak", prompt: "p" }],
      ["openspec_idea_enrich", { idea: "leak", problem: "p" }],
      ["openspec_idea_promote", { idea: "leak", change: "add-leak" }],
    ];
    for (const [tool, args] of calls) {
      expect(await catalog.call(tool, { workdir: root, ...args })).toMatchObject({
        ok: false,
        code: "path_outside_repository",
      });
    }
    expect(existsSync(join(outside, "leak.md"))).toBe(false);
    expect(existsSync(join(root, "openspec/changes/add-leak"))).toBe(false);
  });

  it("GIVEN an unknown idea or a change that exists WHEN promoted THEN idea_not_found or change_exists, and the idea keeps no link", async () => {
    const { catalog } = makeCatalog();
    const root = makeOpenSpecRepository();
    expect(
      await catalog.call("openspec_idea_promote", { workdir: root, idea: "nope", change: "add-x" }),
    ).toMatchObject({
      ok: false,
      code: "idea_not_found",
    });
    await catalog.call("openspec_idea_create", {
      workdir: root,
      title: "Export",
      prompt: "Export the data as CSV for the finance team every month.",
    });
    const args = { workdir: root, idea: "export", change: "add-export" };
    expect(await catalog.call("openspec_idea_promote", args)).toMatchObject({ ok: true });
    expect(await catalog.call("openspec_idea_promote", args)).toMatchObject({
      ok: false,
      code: "change_exists",
    });
    expect(await catalog.call("openspec_idea_promote", { ...args, slug: "other" })).toMatchObject({
      ok: false,
      code: "invalid_input",
    });
  });
});
