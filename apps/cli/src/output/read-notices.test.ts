import { describe, expect, it } from "vitest";
import { readNotices } from "./read-notices.js";

describe("readNotices", () => {
  it("GIVEN a listing with a symlink loop and a change with an unreadable proposal WHEN shown to a person THEN each warning is one line", () => {
    const loop = { code: "symlink_loop", path: "openspec/specs/l1", message: "l1 loops." };
    const unreadable = { code: "unreadable", path: "p", message: "p cannot be read." };
    expect(readNotices("openspec_spec_list", { ok: true, specs: [], warnings: [loop] })).toEqual([
      "l1 loops.",
    ]);
    expect(
      readNotices("openspec_context", { ok: true, change: { name: "c", warnings: [unreadable] } }),
    ).toEqual(["p cannot be read."]);
  });

  it("GIVEN a spec cut at the cap WHEN shown or read as context THEN the line names its path and size", () => {
    const cut = { path: "openspec/specs/big/spec.md", truncated: true, size: 62_914_560 };
    expect(readNotices("openspec_spec_show", { ok: true, ...cut })).toEqual([
      expect.stringContaining("openspec/specs/big/spec.md is 62914560 bytes"),
    ]);
    expect(
      readNotices("openspec_context", { ok: true, spec: { ...cut, path: "big/spec.md" } }),
    ).toEqual([expect.stringContaining("big/spec.md is 62914560 bytes")]);
  });

  it("GIVEN answers with nothing left out WHEN shown THEN there are no notices", () => {
    expect(readNotices("openspec_spec_list", { ok: true, specs: ["auth"] })).toEqual([]);
    expect(readNotices("openspec_spec_show", { ok: true, path: "a", warnings: [] })).toEqual([]);
    expect(readNotices("openspec_source_list", { ok: true, warnings: [{ message: "x" }] })).toEqual(
      [],
    );
  });
});
