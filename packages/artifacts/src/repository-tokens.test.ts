import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AUTH_SPEC, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { changeHash, changeToken, specToken } from "./artifact-token.js";
import { forgetCaches } from "./cache/bounded-cache.js";
import { distinguishingLength } from "./repository-tokens.js";
import { type Context, resolveContext, type SourceResolver } from "./resolve-context.js";
import { makeRepository } from "./test-support/temp-repository.js";

afterEach(removeTemporaryFolders);

const source =
  (root: string): SourceResolver =>
  (name) => ({ ok: true, name, path: root });

const proposal = (folder: string) => ({ [`openspec/changes/${folder}/proposal.md`]: "# P\n" });

function listing(root: string): Extract<Context, { changes: unknown }> {
  const bare = resolveContext("shop", source(root), { limit: 1000 });
  if (!bare.ok || !("changes" in bare))
    throw new Error(`the bare context failed: ${JSON.stringify(bare)}`);
  return bare;
}

/** Every token of the listing, with what it must resolve to. */
function listedTokens(root: string): { token: string; expected: object }[] {
  const bare = listing(root);
  return [
    ...bare.changes.map((c) => ({
      token: c.token,
      expected: { change: { name: c.name, archived: false } },
    })),
    ...bare.archived_changes.map((c) => ({
      token: c.token,
      expected: { change: { name: c.name, archived: true } },
    })),
    ...bare.specs.map((s) => ({ token: s.token, expected: { spec: { path: s.path } } })),
  ];
}

function expectEveryTokenResolvesToItsOwnEntry(root: string): void {
  for (const { token, expected } of listedTokens(root)) {
    const answer = resolveContext(`shop/${token}`, source(root));
    expect(answer, token).toMatchObject({ ok: true, ...expected });
    const handedOut =
      "change" in answer ? answer.change.token : "spec" in answer ? answer.spec.token : null;
    expect(handedOut, `the answer for ${token} repeats it`).toBe(token);
  }
}

describe("a listing hands out a token that does not resolve", () => {
  it("GIVEN changes change-5565 and change-5767 that share os_7f7dab WHEN the source is listed THEN each gets the longer token that resolves to it alone", () => {
    expect(changeToken("change-5565")).toBe(changeToken("change-5767"));
    const { root } = makeRepository({
      ...proposal("change-5565"),
      ...proposal("change-5767"),
      ...proposal("add-dark-mode"),
    });
    expect(listing(root).changes).toMatchObject([
      { name: "add-dark-mode", token: "os_243ec3" },
      { name: "change-5565", token: "os_7f7dab1" },
      { name: "change-5767", token: "os_7f7dabd" },
    ]);
    expectEveryTokenResolvesToItsOwnEntry(root);
    expect(resolveContext("shop/change-5565", source(root))).toMatchObject({
      change: { token: "os_7f7dab1" },
    });
  });

  it("GIVEN change change-5055 and spec cap-4047 that share os_cdce7e WHEN the source is listed THEN both get longer tokens, in the listing and in their answers", () => {
    expect(changeToken("change-5055")).toBe(specToken("cap-4047/spec.md"));
    const { root } = makeRepository({
      ...proposal("change-5055"),
      "openspec/specs/cap-4047/spec.md": AUTH_SPEC,
      "openspec/specs/auth/spec.md": AUTH_SPEC,
    });
    const bare = listing(root);
    expect(bare.changes).toMatchObject([{ name: "change-5055", token: "os_cdce7e2" }]);
    expect(bare.specs).toMatchObject([
      { path: "auth/spec.md", token: specToken("auth/spec.md") },
      { path: "cap-4047/spec.md", token: "os_cdce7e7" },
    ]);
    expect(resolveContext("shop/cap-4047", source(root))).toMatchObject({
      spec: { token: "os_cdce7e7" },
    });
    expectEveryTokenResolvesToItsOwnEntry(root);
  });

  it("GIVEN an active change colliding with an archived one WHEN the source is listed THEN the archived list counts for uniqueness too", () => {
    const { root } = makeRepository({
      ...proposal("change-5565"),
      ...proposal("archive/change-5767"),
    });
    const bare = listing(root);
    expect(bare.changes).toMatchObject([{ token: "os_7f7dab1" }]);
    expect(bare.archived_changes).toMatchObject([{ token: "os_7f7dabd" }]);
    expectEveryTokenResolvesToItsOwnEntry(root);
  });

  it("GIVEN a colliding change folder without proposal.md or .openspec.yaml WHEN listed THEN the change with a proposal keeps its six-digit token and the bare folder gets a longer one", () => {
    const { root } = makeRepository({
      ...proposal("change-5565"),
      "openspec/changes/change-5767/tasks.md": "- [ ] 1.1 Think\n",
    });
    expect(listing(root).changes).toMatchObject([
      { name: "change-5565", token: "os_7f7dab" },
      { name: "change-5767", token: "os_7f7dabd", scaffolded: true },
    ]);
    expectEveryTokenResolvesToItsOwnEntry(root);
  });

  it("GIVEN a spec colliding with a bare change folder WHEN listed THEN the spec keeps its six-digit token", () => {
    const { root } = makeRepository({
      "openspec/changes/change-5055/tasks.md": "- [ ] 1.1 Think\n",
      "openspec/specs/cap-4047/spec.md": AUTH_SPEC,
    });
    const bare = listing(root);
    expect(bare.specs).toMatchObject([{ path: "cap-4047/spec.md", token: "os_cdce7e" }]);
    expect(bare.changes).toMatchObject([{ name: "change-5055", token: "os_cdce7e2" }]);
    expectEveryTokenResolvesToItsOwnEntry(root);
  });

  it("GIVEN a listing paged or narrowed by query WHEN a colliding entry is shown alone THEN its token is still the repository-wide unique one", () => {
    const { root } = makeRepository({ ...proposal("change-5565"), ...proposal("change-5767") });
    const narrowed = resolveContext("shop", source(root), { query: "5565" });
    expect(narrowed).toMatchObject({ changes: [{ name: "change-5565", token: "os_7f7dab1" }] });
    const paged = resolveContext("shop", source(root), { limit: 1, offset: 1 });
    expect(paged).toMatchObject({ changes: [{ name: "change-5767", token: "os_7f7dabd" }] });
  });

  it("GIVEN a listing read with warm caches WHEN a colliding change is added THEN the tokens equal those read from scratch", () => {
    const { root } = makeRepository({ ...proposal("change-5565"), ...proposal("add-dark-mode") });
    expect(listing(root).changes).toMatchObject([{}, { name: "change-5565", token: "os_7f7dab" }]);
    mkdirSync(join(root, "openspec/changes/change-5767"));
    // The bare folder is a change that gives way; its proposal makes it a peer without touching changes/.
    expect(listing(root).changes).toMatchObject([
      {},
      { token: "os_7f7dab" },
      { token: "os_7f7dabd" },
    ]);
    writeFileSync(join(root, "openspec/changes/change-5767/proposal.md"), "# P\n");
    const warm = listing(root);
    forgetCaches();
    expect(warm).toEqual(listing(root));
    expect(warm.changes).toMatchObject([{}, { token: "os_7f7dab1" }, { token: "os_7f7dabd" }]);
  });
});

/** The first two names `change-<n>` whose hashes share their first `digits` hex digits. */
function collidingNames(digits: number): [string, string] {
  const seen = new Map<string, string>();
  for (let n = 0; ; n += 1) {
    const name = `change-${n}`;
    const prefix = changeHash(name).slice(0, digits);
    const earlier = seen.get(prefix);
    if (earlier !== undefined) return [earlier, name];
    seen.set(prefix, name);
  }
}

describe("distinguishingLength", () => {
  it("GIVEN hashes that share 0, 6, 7 and 9 digits with another WHEN the length is taken THEN it is one past the longest shared run, six at least", () => {
    expect(distinguishingLength("abcdef0123", ["0bcdef0123"])).toBe(6);
    expect(distinguishingLength("abcdef0123", ["abcdef9123"])).toBe(7);
    expect(distinguishingLength("abcdef0123", ["abcdef0923", "abcdef9123"])).toBe(8);
    expect(distinguishingLength("abcdef0123", ["abcdef0124"])).toBe(10);
  });

  it("GIVEN two changes whose hashes share seven digits WHEN the source is listed THEN both get eight-digit tokens that resolve", () => {
    const [first, second] = collidingNames(7);
    expect(changeHash(first).slice(0, 7)).toBe(changeHash(second).slice(0, 7));
    const { root } = makeRepository({ ...proposal(first), ...proposal(second) });
    const tokens = listing(root).changes.map((change) => change.token);
    expect(tokens.map((token) => token.length)).toEqual([11, 11]);
    expectEveryTokenResolvesToItsOwnEntry(root);
  });
});
