import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import type { HostUnderTest } from "@org/host-harness";
import { isolatedEnvironment, makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPEC_CONTENT } from "./path-safety/path-cases.js";
import { EVERY_HOST, resultOf } from "./sandbox/hosts.js";

const INSERT_LEGACY_SOURCE = join(import.meta.dirname, "workers", "insert-legacy-source.mjs");

afterAll(() => removeTemporaryFolders());

// A folder named like alpha's token, added without a name, once took every write addressed to alpha's token.
describe.each(EVERY_HOST)(
  "a folder named like another source's token, through the $host host",
  ({ open }) => {
    let host: HostUnderTest;
    let alpha: string;
    let token: string;
    let decoy: string;
    let registryFile: string;

    beforeAll(async () => {
      const { env, home } = isolatedEnvironment();
      registryFile = String(env.OPENSPEC_AGENT_DB);
      host = await open({ env, cwd: home });
      alpha = makeOpenSpecRepository({}, "alpha");
      const added = resultOf(await host.call("openspec_source_add", { path: alpha }));
      token = String((added.source as { token?: string } | undefined)?.token);
      // A repository that would take the write, were the token resolved to it.
      decoy = join(dirname(makeOpenSpecRepository({}, "decoy")), token);
      mkdirSync(join(decoy, "openspec", "specs"), { recursive: true });
    });
    afterAll(async () => host?.close());

    it.each([
      ["its token", (value: string) => value],
      ["its token in capitals", (value: string) => value.toUpperCase()],
    ])(
      "GIVEN alpha WHEN an unnamed folder called %s is added THEN it is refused with invalid_name and a fix that says to give it a name",
      async (_, spell) => {
        const folder = join(dirname(decoy), spell(token));
        if (!existsSync(folder)) mkdirSync(folder);

        const result = resultOf(await host.call("openspec_source_add", { path: folder }));

        expect(result).toMatchObject({ ok: false, code: "invalid_name" });
        expect(String(result.error)).toMatch(/vanity name/);
        expect(String(result.fix)).toMatch(/name/);
      },
    );

    it("GIVEN an unnamed source in the folder called like alpha's token, left by an earlier build WHEN spec_create names alpha's token in capitals THEN the spec is written into alpha, not that folder", async () => {
      const inserted = spawnSync(process.execPath, [
        INSERT_LEGACY_SOURCE,
        registryFile,
        "os_0b5010",
        decoy,
      ]);
      expect(inserted.status).toBe(0);

      const result = resultOf(
        await host.call("openspec_spec_create", {
          source: token.toUpperCase(),
          name: "takeover",
          ...SPEC_CONTENT,
        }),
      );

      expect(result).toMatchObject({ ok: true });
      expect(existsSync(join(alpha, "openspec", "specs", "takeover", "spec.md"))).toBe(true);
      expect(existsSync(join(decoy, "openspec", "specs", "takeover"))).toBe(false);
    });
  },
);
