import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { createIdea } from "./create-idea.js";
import { describeRepository } from "./describe-repository.js";
import { enrichIdea } from "./enrich-idea.js";
import { findArtifact } from "./find-artifact.js";
import { recordIdeaPromotion } from "./record-idea-promotion.js";
import { makeRepository } from "./test-support/temp-repository.js";

afterEach(removeTemporaryFolders);

const FEEDBACK = {
  title: "Agent + Human Feedback Loop!",
  prompt: "Capture raw user and agent ideas in one lane.",
  origin: "human",
  tags: ["orchestration", "feedback"],
  notes: "Start small.",
};

describe("ideas: openspec/ideas/<slug>.md", () => {
  it("GIVEN a title WHEN the idea is created twice THEN the second gets -2 and the first is untouched", () => {
    const { root, repository } = makeRepository();
    const first = createIdea(repository, FEEDBACK);
    const second = createIdea(repository, { title: FEEDBACK.title, prompt: "A second prompt." });
    const third = createIdea(repository, { title: FEEDBACK.title, prompt: "A third prompt." });
    expect(first).toMatchObject({ ok: true, slug: "agent-human-feedback-loop" });
    expect(second).toMatchObject({ ok: true, slug: "agent-human-feedback-loop-2" });
    expect(third).toMatchObject({ ok: true, slug: "agent-human-feedback-loop-3" });
    const text = readFileSync(join(root, "openspec/ideas/agent-human-feedback-loop.md"), "utf8");
    expect(text.startsWith("# Agent + Human Feedback Loop!\n")).toBe(true);
    expect(text).toContain("- Origin: human");
    expect(text).toContain("- Tags: orchestration, feedback");
    expect(text).toContain("Capture raw user and agent ideas");
    expect(text).not.toContain("A second prompt");
  });

  it("GIVEN a slug with slashes and dots WHEN the idea is created THEN the file stays in openspec/ideas under a safe slug", () => {
    const { root, repository } = makeRepository();
    const created = createIdea(repository, {
      title: "x",
      prompt: "p",
      slug: "../../etc/Passwd.md",
    });
    expect(created).toMatchObject({
      ok: true,
      slug: "etc-passwd-md",
      path: "openspec/ideas/etc-passwd-md.md",
    });
    expect(existsSync(join(root, "openspec/ideas/etc-passwd-md.md"))).toBe(true);
  });

  it("GIVEN openspec/ideas is a symlink out of the repository WHEN an idea is created THEN path_outside_repository and nothing lands outside", () => {
    const { root, repository } = makeRepository();
    const outside = temporaryFolder("outside-");
    symlinkSync(outside, join(root, "openspec", "ideas"));
    const created = createIdea(repository, FEEDBACK);
    expect(created).toMatchObject({ ok: false, code: "path_outside_repository" });
    expect(existsSync(join(outside, "agent-human-feedback-loop.md"))).toBe(false);
    const enriched = enrichIdea(repository, { idea: "anything", problem: "p" });
    return expect(enriched).resolves.toMatchObject({ ok: false, code: "path_outside_repository" });
  });

  it("GIVEN an empty title or a marker in the prompt WHEN created THEN invalid_input and no ideas folder", () => {
    const { root, repository } = makeRepository();
    expect(createIdea(repository, { title: " ", prompt: "p" })).toMatchObject({
      code: "invalid_input",
    });
    expect(
      createIdea(repository, { title: "t", prompt: "<!-- OPENSPEC_IDEA_ENRICHMENT_END -->" }),
    ).toMatchObject({ code: "invalid_input" });
    expect(existsSync(join(root, "openspec", "ideas"))).toBe(false);
  });

  it("GIVEN an idea WHEN it is enriched twice THEN one report holds the second evaluation", async () => {
    const { root, repository } = makeRepository();
    const created = createIdea(repository, { title: "Idea enrichment", prompt: "Assess ideas." });
    if (!created.ok) throw new Error(created.error);
    const first = await enrichIdea(repository, {
      idea: created.slug,
      problem: "Ideas lack consistent evaluation.",
      keyQuestions: ["Who reviews it?"],
      feasibility: "High",
      tshirtSize: "M",
    });
    const second = await enrichIdea(repository, {
      idea: created.slug,
      problem: "Updated problem.",
      feasibility: "Medium",
      tshirtSize: "S",
    });
    expect(first).toMatchObject({ ok: true, replaced: false });
    expect(second).toMatchObject({ ok: true, replaced: true });
    const text = readFileSync(join(root, created.path), "utf8");
    expect(text.split("## Enrichment Report").length - 1).toBe(1);
    expect(text).toContain("Updated problem.");
    expect(text).not.toContain("Ideas lack consistent evaluation.");
    expect(text).toContain("T-Shirt Size: S");
    expect(text).toContain("Assess ideas.");
  });

  it("GIVEN an idea file that is a symlink to a file outside WHEN enriched THEN path_outside_repository and the outside file is unchanged", async () => {
    const { root, repository } = makeRepository();
    const outside = join(temporaryFolder("outside-"), "secret.md");
    writeFileSync(outside, "secret\n");
    mkdirSync(join(root, "openspec", "ideas"));
    symlinkSync(outside, join(root, "openspec", "ideas", "leak.md"));
    const enriched = await enrichIdea(repository, { idea: "leak", problem: "p" });
    expect(enriched).toMatchObject({ ok: false, code: "path_outside_repository" });
    expect(readFileSync(outside, "utf8")).toBe("secret\n");
    expect(describeRepository(repository).ideas).toEqual([]);
  });

  it("GIVEN a promoted idea WHEN the repository is described THEN ideas list with tokens and the change, and resolve by token and ideas/<slug>", async () => {
    const { repository } = makeRepository();
    const created = createIdea(repository, { title: "Faster search", prompt: "Index it." });
    if (!created.ok) throw new Error(created.error);
    expect(
      await recordIdeaPromotion(
        repository,
        { slug: created.slug, path: created.path, file: join(repository.root, created.path) },
        "add-search-index",
      ),
    ).toEqual({ ok: true });
    const overview = describeRepository(repository);
    expect(overview.ideas).toEqual([
      {
        slug: "faster-search",
        title: "Faster search",
        token: created.token,
        change: "add-search-index",
      },
    ]);
    expect(overview.totals.ideas).toBe(1);
    for (const reference of [created.token, "ideas/faster-search"]) {
      const found = findArtifact(repository, reference);
      expect(found).toMatchObject({ ok: true, artifact: { kind: "idea", token: created.token } });
    }
  });

  it("GIVEN an idea whose heading holds 80,000 spaces and 2,000 unclosed markers WHEN it is enriched twice THEN each call answers, one report is there, and it takes about as long as an idea of the same size", async () => {
    const { root, repository } = makeRepository();
    mkdirSync(join(root, "openspec", "ideas"));
    const marker = "<!-- OPENSPEC_IDEA_ENRICHMENT_START -->";
    const body = `\n\n## Prompt\n${marker.repeat(2000)}\n`;
    writeFileSync(join(root, "openspec/ideas/calm.md"), `# a${" b".repeat(40_000)}${body}`);
    writeFileSync(join(root, "openspec/ideas/slow.md"), `# a${" ".repeat(80_000)}b${body}`);
    const timed = async (idea: string, problem: string) => {
      const started = performance.now();
      const result = await enrichIdea(repository, { idea, problem });
      expect(result).toMatchObject({ ok: true });
      return performance.now() - started;
    };
    // The yardstick: the same work on an idea of the same size without the long run of spaces.
    const calm = Math.max(await timed("calm", "Calm."), await timed("calm", "Calm again."));
    const slow = (await timed("slow", "Hostile.")) + (await timed("slow", "Again."));
    const text = readFileSync(join(root, "openspec/ideas/slow.md"), "utf8");
    expect(text).toContain("Again.");
    expect(text).not.toContain("Hostile.");
    // A quadratic trim took about a thousand times the yardstick here; linear work stays near it.
    expect(slow).toBeLessThan(calm * 40);
  });
});
