import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { AUTH_SPEC, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { readRegularFile } from "./read-regular-file.js";
import { resolveContext } from "./resolve-context.js";
import { showSpec } from "./show-spec.js";
import { makeRepository } from "./test-support/temp-repository.js";

afterEach(removeTemporaryFolders);

const CHANGE = "openspec/changes/add-dark-mode";
const MIB = 1024 * 1024;
const source = (root: string) => (name: string) => ({ ok: true as const, name, path: root });

/** A valid spec of about `bytes` bytes: the auth spec with one long requirement after it. */
function bigSpec(bytes: number): string {
  const line = "The system SHALL keep this line long enough to fill a large spec file. ✓\n";
  return `${AUTH_SPEC}\n### Requirement: Long\n${line.repeat(Math.ceil(bytes / line.length))}`;
}

describe("the artifact size cap", () => {
  it("GIVEN a 3 MiB spec WHEN showing it and reading it as context THEN each comes back cut at 1 MiB with truncated and the full size", () => {
    const spec = bigSpec(3 * MIB);
    const { root, repository } = makeRepository({ "openspec/specs/auth/spec.md": spec });
    const size = Buffer.byteLength(spec);
    const shown = showSpec(repository, { name: "auth" });
    expect(shown).toMatchObject({ ok: true, truncated: true, size, title: "Auth" });
    expect(JSON.stringify(shown).length).toBeLessThan(1.2 * MIB);
    const context = resolveContext("shop/auth", source(root));
    expect(context).toMatchObject({ ok: true, spec: { truncated: true, size } });
    const content = "spec" in context ? context.spec.content : "";
    expect(Buffer.byteLength(content)).toBeLessThanOrEqual(MIB);
    expect(spec.startsWith(content)).toBe(true);
  });

  it("GIVEN a cap that falls inside a multi-byte character WHEN the file is cut THEN the text ends before it, with no replacement character", () => {
    const { root } = makeRepository();
    const path = join(root, "cut.md");
    writeFileSync(path, "ab✓cd");
    const read = readRegularFile(path, 3);
    expect(read).toEqual({ ok: true, text: "ab", size: 7, truncated: true });
  });

  it("GIVEN a change whose proposal and delta spec are over a configured cap WHEN reading the change THEN both are cut and said so", () => {
    const { root } = makeRepository({
      [`${CHANGE}/proposal.md`]: `# Dark mode\n\n${"Why. ".repeat(2000)}`,
      [`${CHANGE}/specs/ui/spec.md`]: `## ADDED Requirements\n${"x".repeat(5000)}\n`,
      [`${CHANGE}/tasks.md`]: "- [x] 1.1 Small\n",
    });
    const answer = resolveContext(
      "shop/add-dark-mode",
      source(root),
      {},
      { maxArtifactBytes: 4096 },
    );
    expect(answer).toMatchObject({
      ok: true,
      change: {
        tasks: "- [x] 1.1 Small\n",
        specs: [{ path: "specs/ui/spec.md", truncated: true, size: 5023 }],
        warnings: [
          { code: "truncated", path: `${CHANGE}/proposal.md`, size: 10_013 },
          { code: "truncated", path: `${CHANGE}/specs/ui/spec.md`, size: 5023 },
        ],
      },
    });
    const change = "change" in answer ? answer.change : null;
    expect(change?.proposal?.length).toBe(4096);
  });

  it("GIVEN a spec under the cap WHEN showing it THEN there is neither truncated nor size", () => {
    const { repository } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    const shown = showSpec(repository, { name: "auth" });
    expect(shown).toMatchObject({ ok: true });
    expect(shown).not.toHaveProperty("truncated");
    expect(shown).not.toHaveProperty("size");
  });
});

describe("files that are not UTF-8 text", () => {
  const encodings: Array<[string, Buffer]> = [
    ["binary (NUL bytes)", Buffer.concat([Buffer.from("# Auth\n"), Buffer.from([0, 1, 2, 0])])],
    [
      "UTF-16 little-endian",
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(AUTH_SPEC, "utf16le")]),
    ],
    ["UTF-16 big-endian", Buffer.from([0xfe, 0xff, 0, 0x23])],
  ];

  it.each(encodings)(
    "GIVEN a spec.md that is %s WHEN showing it and reading it as context THEN unsupported_encoding with the path, not raw bytes",
    (_, bytes) => {
      const { root, repository } = makeRepository();
      writeBytes(root, "openspec/specs/auth/spec.md", bytes);
      const expected = {
        ok: false,
        code: "unsupported_encoding",
        path: "openspec/specs/auth/spec.md",
      };
      expect(showSpec(repository, { name: "auth" })).toMatchObject(expected);
      expect(resolveContext("shop/auth", source(root))).toMatchObject(expected);
    },
  );

  it("GIVEN a proposal.md in UTF-16 WHEN reading the change THEN proposal is null with an unsupported_encoding warning", () => {
    const { root } = makeRepository({ [`${CHANGE}/tasks.md`]: "- [ ] 1.1 A\n" });
    writeBytes(root, `${CHANGE}/proposal.md`, Buffer.from("\ufeff# P\n", "utf16le"));
    expect(resolveContext("shop/add-dark-mode", source(root))).toMatchObject({
      ok: true,
      change: {
        proposal: null,
        warnings: [{ code: "unsupported_encoding", path: `${CHANGE}/proposal.md` }],
      },
    });
  });
});

function writeBytes(root: string, path: string, bytes: Buffer): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), bytes);
}
