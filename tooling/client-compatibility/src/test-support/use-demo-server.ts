import { removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, expect } from "vitest";
import { type DemoHome, demoHome } from "./demo-home.js";
import { type HttpServer, startHttpServer } from "./http-server.js";
import { requireBuiltServer } from "./server-bin.js";

export type DemoServer = {
  home: DemoHome;
  /** `openspec-mcp --http` in that home, tokens required. */
  http: HttpServer;
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
    shared.http = await startHttpServer(shared.home.env);
  });
  afterAll(async () => {
    if (shared.http !== undefined) expect(await shared.http.stop()).toBe(0);
    removeTemporaryFolders();
  });
  return shared;
}
