import { AUTH_SPEC, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { changeToken } from "./artifact-token.js";
import type { KnownSource } from "./find-token-in-sources.js";
import { resolveContext, type SourceResolver } from "./resolve-context.js";
import { makeRepository } from "./test-support/temp-repository.js";

afterEach(removeTemporaryFolders);

/** A registry of the given sources: names resolve, anything else is source_not_found. */
function registry(sources: KnownSource[]): {
  resolve: SourceResolver;
  everySource: () => KnownSource[];
} {
  return {
    resolve: (name) => {
      const found = sources.find((source) => source.name === name);
      return found
        ? { ok: true, name: found.name, path: found.path }
        : {
            ok: false,
            code: "source_not_found",
            error: `No source is called ${name}.`,
            fix: "Call openspec_source_list.",
          };
    },
    everySource: () => sources,
  };
}

function threeSources() {
  const shop = makeRepository({ "openspec/specs/agent-tools/spec.md": AUTH_SPEC });
  const docs = makeRepository({ "openspec/changes/add-dark-mode/proposal.md": "# Dark\n" });
  const blog = makeRepository({ "openspec/changes/add-dark-mode/proposal.md": "# Blog dark\n" });
  return registry([
    { name: "shop", path: shop.root },
    { name: "docs", path: docs.root },
    { name: "blog", path: blog.root },
  ]);
}

describe("a bare artifact token finds nothing", () => {
  it("GIVEN a spec token of one source WHEN it is passed alone THEN the spec answers, with a note naming the source", () => {
    const { resolve, everySource } = threeSources();
    const answer = resolveContext("os_a59eca", resolve, {}, { everySource });
    expect(answer).toMatchObject({
      ok: true,
      name: "shop",
      spec: { id: "agent-tools", token: "os_a59eca", content: AUTH_SPEC },
    });
    expect("note" in answer && answer.note).toContain('source "shop"');
    expect("note" in answer && answer.note).toContain("shop/os_a59eca");
  });

  it("GIVEN a change token that two sources share WHEN it is passed alone THEN ambiguous_artifact lists each <source>/<token>", () => {
    const { resolve, everySource } = threeSources();
    const token = changeToken("add-dark-mode");
    expect(resolveContext(token, resolve, {}, { everySource })).toMatchObject({
      ok: false,
      code: "ambiguous_artifact",
      candidates: [
        { kind: "change", name: "add-dark-mode", source: "docs", identifier: `docs/${token}` },
        { kind: "change", name: "add-dark-mode", source: "blog", identifier: `blog/${token}` },
      ],
    });
  });

  it("GIVEN a token no source has WHEN it is passed alone THEN source_not_found stays, with the hint to pass <source>/<token>", () => {
    const { resolve, everySource } = threeSources();
    const answer = resolveContext("os_000000", resolve, {}, { everySource });
    expect(answer).toMatchObject({ ok: false, code: "source_not_found" });
    expect("fix" in answer && answer.fix).toContain("Call openspec_source_list.");
    expect("fix" in answer && answer.fix).toContain("<source>/<token>");
  });

  it("GIVEN a bare name that is no source and no token WHEN it is passed THEN the resolver's failure comes back unchanged", () => {
    const { resolve, everySource } = threeSources();
    expect(resolveContext("add-dark-mode", resolve, {}, { everySource })).toEqual({
      ok: false,
      code: "source_not_found",
      error: "No source is called add-dark-mode.",
      fix: "Call openspec_source_list.",
    });
  });

  it("GIVEN two sources of the same name WHEN a token of one is ambiguous THEN the identifiers use the source tokens", () => {
    const one = makeRepository({ "openspec/changes/add-dark-mode/proposal.md": "# 1\n" });
    const two = makeRepository({ "openspec/changes/add-dark-mode/proposal.md": "# 2\n" });
    const { resolve, everySource } = registry([
      { name: "web", path: one.root, token: "os_aaaaaa" },
      { name: "web", path: two.root, token: "os_bbbbbb" },
    ]);
    const token = changeToken("add-dark-mode");
    expect(resolveContext(token, resolve, {}, { everySource })).toMatchObject({
      candidates: [{ identifier: `os_aaaaaa/${token}` }, { identifier: `os_bbbbbb/${token}` }],
    });
  });
});
