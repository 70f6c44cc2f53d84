import { AUTH_SPEC, makeOpenSpecRepository } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "./test-support/fixture.js";

afterEach(cleanUp);

const line = "The system SHALL keep this requirement long enough to pass the cap.\n";
const BIG_SPEC = `${AUTH_SPEC}\n### Requirement: Long\n${line.repeat(200)}`;
const SIZE = Buffer.byteLength(BIG_SPEC);

async function shopCatalog(options: Parameters<typeof makeCatalog>[0]) {
  const repo = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": BIG_SPEC }, "shop");
  const made = makeCatalog({ cli: false, ...options });
  expect(
    await made.catalog.call("openspec_source_add", { path: repo, name: "shop" }),
  ).toMatchObject({
    ok: true,
  });
  return made.catalog;
}

describe("the cap on an artifact's bytes", () => {
  it("GIVEN OPENSPEC_AGENT_MAX_ARTIFACT_BYTES=4096 WHEN a larger spec is shown and read as context THEN both come back cut, with truncated and its size", async () => {
    const catalog = await shopCatalog({ env: { OPENSPEC_AGENT_MAX_ARTIFACT_BYTES: "4096" } });
    const shown = await catalog.call("openspec_spec_show", { source: "shop", name: "auth" });
    expect(shown).toMatchObject({ ok: true, truncated: true, size: SIZE });
    const context = await catalog.call("openspec_context", { identifier: "shop/auth" });
    expect(context).toMatchObject({ ok: true, spec: { truncated: true, size: SIZE } });
    const content = (context.spec as { content: string }).content;
    expect(Buffer.byteLength(content)).toBe(4096);
  });

  it("GIVEN the maxArtifactBytes option WHEN it is set THEN it wins over the environment", async () => {
    const catalog = await shopCatalog({
      env: { OPENSPEC_AGENT_MAX_ARTIFACT_BYTES: "4096" },
      catalog: { maxArtifactBytes: 1_000_000 },
    });
    const shown = await catalog.call("openspec_spec_show", { source: "shop", name: "auth" });
    expect(shown).toMatchObject({ ok: true });
    expect(shown).not.toHaveProperty("truncated");
  });

  it.each(["12", "1e12", "abc", "-5", "2048.5"])(
    "GIVEN OPENSPEC_AGENT_MAX_ARTIFACT_BYTES=%s WHEN any tool is called THEN invalid_setting names the variable and the range, like every numeric setting",
    async (value) => {
      const { catalog } = makeCatalog({
        cli: false,
        env: { OPENSPEC_AGENT_MAX_ARTIFACT_BYTES: value },
      });
      for (const [tool, args] of [
        ["openspec_spec_show", { workdir: makeOpenSpecRepository(), name: "auth" }],
        ["openspec_context", { identifier: "shop/auth" }],
        ["openspec_source_list", {}],
      ] as const) {
        expect(await catalog.call(tool, args)).toMatchObject({
          ok: false,
          code: "invalid_setting",
          setting: "OPENSPEC_AGENT_MAX_ARTIFACT_BYTES",
          value,
          error: expect.stringContaining("from 1024 to 268435456"),
          fix: expect.any(String),
        });
      }
    },
  );

  it("GIVEN the option out of range WHEN a spec is shown THEN invalid_setting, never an exception", async () => {
    const { catalog } = makeCatalog({ cli: false, catalog: { maxArtifactBytes: 0 } });
    expect(
      await catalog.call("openspec_spec_show", { workdir: makeOpenSpecRepository(), name: "auth" }),
    ).toMatchObject({ ok: false, code: "invalid_setting", setting: "maxArtifactBytes" });
  });
});
