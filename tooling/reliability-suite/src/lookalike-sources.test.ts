import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import type { HostUnderTest } from "@org/host-harness";
import { isolatedEnvironment, removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVERY_HOST, resultOf } from "./sandbox/hosts.js";

afterAll(() => removeTemporaryFolders());

/** Names that look like `billing` (or read backwards) but are not: each holds a Unicode Cf character. */
const LOOKALIKE_NAMES = [
  ["a zero-width space (U+200B)", "bil\u200bling"],
  ["a right-to-left override (U+202E)", "\u202egnillib"],
  ["a byte order mark (U+FEFF)", "\ufeffbilling"],
] as const;

// Two sources could look identical, and one folder could be registered twice under two spellings.
describe.each(EVERY_HOST)("sources that pass for others, through the $host host", ({ open }) => {
  let host: HostUnderTest;
  let home: string;

  beforeAll(async () => {
    const isolated = isolatedEnvironment();
    home = isolated.home;
    for (const folder of ["billing", "web", "api"]) mkdirSync(join(home, folder));
    symlinkSync(join(home, "billing"), join(home, "billing-link"));
    host = await open({ env: isolated.env, cwd: home });
    const added = resultOf(
      await host.call("openspec_source_add", { path: join(home, "billing"), name: "billing" }),
    );
    expect(added).toMatchObject({ ok: true });
    expect(
      resultOf(await host.call("openspec_source_add", { path: join(home, "web") })),
    ).toMatchObject({ ok: true });
  });
  afterAll(async () => host?.close());

  it.each(LOOKALIKE_NAMES)(
    "GIVEN a name with %s WHEN a source is added or renamed to it THEN both are refused with invalid_name naming the code point",
    async (_, name) => {
      const added = resultOf(
        await host.call("openspec_source_add", { path: join(home, "api"), name }),
      );
      const renamed = resultOf(await host.call("openspec_source_update", { source: "web", name }));

      for (const result of [added, renamed]) {
        expect(result).toMatchObject({ ok: false, code: "invalid_name" });
        expect(String(result.error)).toMatch(/U\+(200B|202E|FEFF)/);
      }
    },
  );

  it("GIVEN billing WHEN the same folder is added again through a symlink THEN it is refused with duplicate_source_path naming billing", async () => {
    const result = resultOf(
      await host.call("openspec_source_add", { path: join(home, "billing-link"), name: "other" }),
    );

    expect(result).toMatchObject({ ok: false, code: "duplicate_source_path" });
    expect(result.candidates).toMatchObject([{ name: "billing" }]);
  });

  it("GIVEN billing and web WHEN web is moved to a symlink of billing's folder THEN it is refused with duplicate_source_path", async () => {
    const result = resultOf(
      await host.call("openspec_source_update", {
        source: "web",
        path: join(home, "billing-link"),
      }),
    );

    expect(result).toMatchObject({ ok: false, code: "duplicate_source_path" });
  });

  it("GIVEN the refusals WHEN the sources are listed THEN only billing and web are registered, each with its path as given", async () => {
    const result = resultOf(await host.call("openspec_source_list", {}));

    expect(result).toMatchObject({
      ok: true,
      sources: [
        { display_name: "billing", path: join(home, "billing") },
        { display_name: "web", path: join(home, "web") },
      ],
    });
  });
});
