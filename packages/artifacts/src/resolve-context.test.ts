import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AUTH_SPEC, removeTemporaryFolders, temporaryFolder, writeFiles } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { changeHash, changeToken, specToken } from "./artifact-token.js";
import { type ContextFailure, resolveContext, type SourceResolver } from "./resolve-context.js";
import { makeRepository } from "./test-support/temp-repository.js";

afterEach(removeTemporaryFolders);

function sourceAt(path: string, name = "shop"): SourceResolver {
  return (requested) =>
    requested.toLowerCase() === name
      ? { ok: true, name, path }
      : {
          ok: false,
          code: "source_not_found",
          error: `No source "${requested}" is registered; known: ${name}.`,
        };
}

function expectFailure(result: unknown): ContextFailure {
  expect(result).toMatchObject({ ok: false });
  return result as ContextFailure;
}

describe("resolveContext", () => {
  it("GIVEN a registered source WHEN resolving its bare name THEN returns path, workdir hint, changes and specs with tokens", () => {
    const { root } = makeRepository({
      "openspec/changes/add-dark-mode/proposal.md": "# Add dark mode\n",
      "openspec/changes/add-dark-mode/tasks.md": "- [x] 1.1 Pick colours\n- [ ] 1.2 Ship it\n",
      "openspec/changes/no-proposal/tasks.md": "- [ ] 1.1 Nothing\n",
      "openspec/changes/archive/2024-01-01-old-thing/proposal.md": "# Old\n",
      "openspec/specs/auth/spec.md": AUTH_SPEC,
      "openspec/specs/platform/session/spec.md": AUTH_SPEC,
    });
    const result = resolveContext("shop", sourceAt(root));
    expect(result).toMatchObject({
      ok: true,
      name: "shop",
      path: root,
      workdir: root,
      changes: [
        { name: "add-dark-mode", token: "os_243ec3", tasks: { completed: 1, total: 2 } },
        {
          name: "no-proposal",
          token: changeToken("no-proposal"),
          tasks: { completed: 0, total: 1 },
          scaffolded: true,
        },
      ],
      archived_changes: [
        { name: "2024-01-01-old-thing", token: changeToken("2024-01-01-old-thing") },
      ],
      specs: [
        { path: "auth/spec.md", token: specToken("auth/spec.md") },
        { path: "platform/session/spec.md", token: specToken("platform/session/spec.md") },
      ],
      totals: { changes: 2, archived_changes: 1, specs: 2 },
      page: { offset: 0, next_offset: null },
    });
    expect("hint" in result && result.hint).toContain(root);
  });

  it("GIVEN an active change with proposal, tasks, design and delta specs WHEN resolving <source>/<token> THEN returns all their contents", () => {
    const { root } = makeRepository({
      "openspec/changes/add-dark-mode/proposal.md": "# Proposal\n",
      "openspec/changes/add-dark-mode/tasks.md": "- [ ] 1.1 Do it\n",
      "openspec/changes/add-dark-mode/design.md": "# Design\n",
      "openspec/changes/add-dark-mode/specs/ui/spec.md": "## ADDED Requirements\n",
    });
    const result = resolveContext("shop/os_243ec3", sourceAt(root));
    expect(result).toMatchObject({
      ok: true,
      change: {
        name: "add-dark-mode",
        token: "os_243ec3",
        archived: false,
        proposal: "# Proposal\n",
        tasks: "- [ ] 1.1 Do it\n",
        design: "# Design\n",
        specs: [{ path: "specs/ui/spec.md", content: "## ADDED Requirements\n" }],
      },
    });
  });

  it("GIVEN an archived change without tasks or design WHEN resolving its token THEN archived is true and missing files are null", () => {
    const name = "2024-02-02-add-search";
    const { root } = makeRepository({ [`openspec/changes/archive/${name}/proposal.md`]: "# P\n" });
    const result = resolveContext(`shop/${changeToken(name)}`, sourceAt(root));
    expect(result).toMatchObject({
      ok: true,
      change: { name, archived: true, proposal: "# P\n", tasks: null, design: null, specs: [] },
    });
  });

  it("GIVEN a spec under openspec/specs WHEN resolving <source>/<token> THEN returns its path and full content", () => {
    const { root } = makeRepository({ "openspec/specs/agent-tools/spec.md": AUTH_SPEC });
    const result = resolveContext("SHOP/os_a59eca", sourceAt(root));
    expect(result).toMatchObject({
      ok: true,
      spec: {
        id: "agent-tools",
        path: "agent-tools/spec.md",
        token: "os_a59eca",
        content: AUTH_SPEC,
      },
    });
  });

  it("GIVEN a change and a nested spec WHEN resolving them by name and id THEN both resolve", () => {
    const { root } = makeRepository({
      "openspec/changes/add-dark-mode/proposal.md": "# P\n",
      "openspec/specs/platform/session/spec.md": AUTH_SPEC,
    });
    expect(resolveContext("shop/add-dark-mode", sourceAt(root))).toMatchObject({
      change: { name: "add-dark-mode" },
    });
    expect(resolveContext("shop/platform/session", sourceAt(root))).toMatchObject({
      spec: { path: "platform/session/spec.md" },
    });
  });

  it("GIVEN an unknown source WHEN resolving it THEN ok is false with the resolver's sentence", () => {
    const { root } = makeRepository();
    const result = expectFailure(resolveContext("nope", sourceAt(root)));
    expect(result.code).toBe("source_not_found");
    expect(result.error).toContain("nope");
  });

  it("GIVEN an unknown token WHEN resolving it THEN ok is false naming the token and the source", () => {
    const { root } = makeRepository();
    const result = expectFailure(resolveContext("shop/os_000000", sourceAt(root)));
    expect(result.code).toBe("artifact_not_found");
    expect(result.error).toContain("os_000000");
    expect(result.error).toContain("shop");
  });

  it("GIVEN a change folder without proposal.md WHEN resolving it THEN it is a change whose proposal is null, as the CLI lists it", () => {
    const { root } = makeRepository({ "openspec/changes/draft/tasks.md": "- [ ] 1\n" });
    expect(resolveContext("shop/draft", sourceAt(root))).toMatchObject({
      ok: true,
      change: { name: "draft", scaffolded: true, proposal: null, tasks: "- [ ] 1\n" },
    });
  });

  it("GIVEN two changes whose six-digit tokens collide WHEN resolving the short token THEN fails with candidates whose longer tokens resolve", () => {
    const [first, second] = collidingNames();
    const { root } = makeRepository({
      [`openspec/changes/${first}/proposal.md`]: "# A\n",
      [`openspec/changes/${second}/proposal.md`]: "# B\n",
    });
    const result = expectFailure(resolveContext(`shop/${changeToken(first)}`, sourceAt(root)));
    expect(result.code).toBe("ambiguous_artifact");
    const candidates = "candidates" in result ? (result.candidates ?? []) : [];
    expect(candidates.map((candidate) => candidate.name).sort()).toEqual([first, second].sort());
    for (const candidate of candidates) {
      expect(candidate.token.length).toBeGreaterThan("os_243ec3".length);
      expect(resolveContext(`shop/${candidate.token}`, sourceAt(root))).toMatchObject({
        change: { name: candidate.name },
      });
    }
  });

  it("GIVEN a source whose folder was deleted WHEN resolving it THEN ok is false and says the folder is gone", () => {
    const result = expectFailure(resolveContext("shop", sourceAt(join(temporaryFolder(), "gone"))));
    expect(result.code).toBe("invalid_workdir");
  });

  it("GIVEN symlinks that leave the repository WHEN resolving context THEN their targets are neither listed nor read", () => {
    const outside = temporaryFolder("outside-");
    writeFiles(outside, { "secret-change/proposal.md": "SECRET\n", "secret.md": "SECRET\n" });
    const { root } = makeRepository();
    symlinkSync(join(outside, "secret-change"), join(root, "openspec/changes/leak"));
    mkdirSync(join(root, "openspec/specs/leak"));
    symlinkSync(join(outside, "secret.md"), join(root, "openspec/specs/leak/spec.md"));
    const result = resolveContext("shop", sourceAt(root));
    expect(result).toMatchObject({ ok: true, changes: [], specs: [] });
    expect(JSON.stringify(resolveContext("shop/leak", sourceAt(root)))).not.toContain("SECRET");
  });

  it("GIVEN 2,000 changes, 500 archived and 1,000 specs WHEN resolving the bare source twice THEN the answer is under 64 KB, paged, and identical", () => {
    const { root } = makeRepository();
    for (let i = 0; i < 2000; i += 1) {
      mkdirSync(join(root, `openspec/changes/change-${i}`));
      writeFileSync(join(root, `openspec/changes/change-${i}/proposal.md`), "# P\n");
    }
    for (let i = 0; i < 500; i += 1) {
      mkdirSync(join(root, `openspec/changes/archive/2024-01-01-old-${i}`));
      writeFileSync(
        join(root, `openspec/changes/archive/2024-01-01-old-${i}/proposal.md`),
        "# P\n",
      );
    }
    for (let i = 0; i < 1000; i += 1) {
      mkdirSync(join(root, `openspec/specs/spec-${i}`));
      writeFileSync(join(root, `openspec/specs/spec-${i}/spec.md`), AUTH_SPEC);
    }
    const first = JSON.stringify(resolveContext("shop", sourceAt(root)));
    const second = JSON.stringify(resolveContext("shop", sourceAt(root)));
    expect(first).toBe(second);
    expect(Buffer.byteLength(first)).toBeLessThan(64 * 1024);
    const overview = JSON.parse(first);
    expect(overview.totals).toEqual({
      changes: 2000,
      archived_changes: 500,
      specs: 1000,
      ideas: 0,
    });
    expect(overview.page.next_offset).toBe(100);
    expect(overview.note).toContain("{field:offset=100}");

    const filtered = resolveContext("shop", sourceAt(root), { query: "change-19", limit: 1000 });
    expect(filtered).toMatchObject({ totals: { changes: 111, archived_changes: 0, specs: 0 } });
    const last = resolveContext("shop", sourceAt(root), { offset: 1900, limit: 200 });
    expect(last).toMatchObject({ page: { next_offset: null } });
  });
});

/** Two change names whose SHA-256 digests share the first six hex digits. */
function collidingNames(): [string, string] {
  const seen = new Map<string, string>();
  for (let i = 0; ; i += 1) {
    const name = `change-${i}`;
    const prefix = changeHash(name).slice(0, 6);
    const earlier = seen.get(prefix);
    if (earlier !== undefined) return [earlier, name];
    seen.set(prefix, name);
  }
}
