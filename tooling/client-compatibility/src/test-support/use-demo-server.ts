import { type SpawnedHttpServer, spawnHttpServer } from "@org/host-harness";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, expect } from "vitest";
import { type DemoHome, demoHome } from "./demo-home.js";
import { requireBuiltServer } from "./server-bin.js";

export type DemoServer = {
  home: DemoHome;
  /** `openspec-mcp --http` in that home, tokens required. */
  http: SpawnedHttpServer;
  /** A token of that home, for `Authorization: Bearer`. */
  token: string;
};

/**
 * One demo home and its HTTP server for a test file, made before its tests and
 * ended after them (the server must exit 0 on SIGTERM). The fields are there
 * once `beforeAll` has run.
 */
export function useDemoServer(tokenName: string): DemoServer {
  const shared = {} as DemoServer;
  beforeAll(async () => {
    requireBuiltServer();
    shared.home = demoHome();
    shared.token = shared.home.token(tokenName);
    shared.http = await serveDemoHome(shared.home);
  });
  afterAll(async () => {
    if (shared.http !== undefined) expect(await shared.http.stop()).toBe(0);
    removeTemporaryFolders();
  });
  return shared;
}

/** `openspec-mcp --http` in a demo home with its default toolsets, tokens required, as a team runs it. */
export function serveDemoHome(
  home: DemoHome,
  args: readonly string[] = [],
): Promise<SpawnedHttpServer> {
  return spawnHttpServer({ env: home.env, cwd: home.home, firstRun: true }, { tokens: true, args });
}
