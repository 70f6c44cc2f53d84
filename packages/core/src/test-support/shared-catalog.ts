import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isolatedEnvironment, makeOpenSpecRepository, REAL_OPENSPEC_BIN } from "@org/test-kit";
import { afterAll, beforeAll } from "vitest";
import { type Catalog, createCatalog } from "../create-catalog.js";

/**
 * One catalog with the real CLI and a warm worker, and one repository holding `files`, for the
 * tests of a `describe` that only read that repository. Each CLI-backed call of a catalog made
 * per test starts the CLI cold (most of a second of CPU); shared, the repository's view gets a
 * warm worker after its second run, and the later calls skip the start. The home and the
 * repository live in a folder of their own, so the `cleanUp` after each test leaves them.
 */
export function useSharedCatalog(files: Record<string, string>) {
  let shared: { catalog: Catalog; root: string; folder: string } | undefined;
  beforeAll(() => {
    const folder = mkdtempSync(join(tmpdir(), "shared-catalog-"));
    const made = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
    const home = join(folder, "home");
    cpSync(made.home, home, { recursive: true });
    const env = Object.fromEntries(
      Object.entries(made.env).map(([key, value]) => [
        key,
        value?.startsWith(made.home) ? home + value.slice(made.home.length) : value,
      ]),
    );
    const root = join(folder, "shop");
    cpSync(makeOpenSpecRepository(files), root, { recursive: true });
    shared = { catalog: createCatalog({ env, home, warmPool: 1 }), root, folder };
  });
  afterAll(() => {
    shared?.catalog.close();
    if (shared) rmSync(shared.folder, { recursive: true, force: true });
  });
  const current = () => {
    if (shared === undefined) throw new Error("useSharedCatalog: use it inside a test");
    return shared;
  };
  return {
    get catalog() {
      return current().catalog;
    },
    get root() {
      return current().root;
    },
  };
}
