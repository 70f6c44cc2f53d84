import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type Catalog, createCatalog } from "@org/openspec-core";
import { createAccessToken, openRegistry, revokeAccessToken } from "@org/openspec-registry";
import { REAL_OPENSPEC_BIN, removeTemporaryFolders } from "@org/test-kit";
import { legacyClientValidator } from "@org/test-kit/mcp-client-validators";
import { afterEach } from "vitest";
import type { HttpServerOptions } from "../http-options.js";
import { type HttpServerHandle, startHttpServer } from "../start-http-server.js";
import { serverEnvironment } from "./sandbox.js";

export type TestHttpServer = {
  server: HttpServerHandle;
  env: Record<string, string>;
  home: string;
  registryPath: string;
  /** Makes a token in the server's registry and returns its secret. */
  token(name: string, readOnly?: boolean): string;
  /** Revokes a token in the server's registry, as `openspec-agent tokens revoke` does. */
  revoke(name: string): void;
  /** An SDK client connected over Streamable HTTP, with the token when given. */
  connect(secret?: string): Promise<Client>;
};

/**
 * Real HTTP servers on 127.0.0.1 port 0, each in a home of its own with the
 * real CLI; servers and clients are closed after each test.
 */
export function useHttpServers() {
  const running: HttpServerHandle[] = [];
  const clients: Client[] = [];
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
    await Promise.allSettled(running.splice(0).map((server) => server.close()));
    removeTemporaryFolders();
  });
  return async (
    options: HttpServerOptions & {
      extraEnv?: Record<string, string>;
      wrapCatalog?: (catalog: Catalog) => Catalog;
    } = {},
  ): Promise<TestHttpServer> => {
    const { extraEnv, wrapCatalog, ...serverOptions } = options;
    const { home, env } = serverEnvironment({
      extra: { OPENSPEC_BIN: REAL_OPENSPEC_BIN, ...extraEnv },
    });
    const registryPath = env.OPENSPEC_AGENT_DB ?? join(home, "registry.db");
    const catalogOptions = { env, home, registryPath };
    const catalog = wrapCatalog ? wrapCatalog(createCatalog(catalogOptions)) : undefined;
    const started = await startHttpServer({
      host: "127.0.0.1",
      port: 0,
      log: () => {},
      catalogOptions,
      ...(catalog === undefined ? {} : { catalog }),
      ...serverOptions,
    });
    if (!started.ok) throw new Error(`server did not start: ${started.error}`);
    running.push(started.server);
    if (catalog !== undefined)
      running.push({ ...started.server, close: async () => catalog.close() });
    return {
      server: started.server,
      env,
      home,
      registryPath,
      token(name, readOnly = false) {
        const opened = openRegistry({ path: registryPath, env, home });
        if (!opened.ok) throw new Error(opened.error);
        try {
          const created = createAccessToken(opened.registry, { name, readOnly });
          if (!created.ok) throw new Error(created.error);
          return created.secret;
        } finally {
          opened.registry.close();
        }
      },
      revoke(name) {
        const opened = openRegistry({ path: registryPath, env, home });
        if (!opened.ok) throw new Error(opened.error);
        try {
          const revoked = revokeAccessToken(opened.registry, name);
          if (!revoked.ok) throw new Error(revoked.error);
        } finally {
          opened.registry.close();
        }
      },
      async connect(secret) {
        const transport = new StreamableHTTPClientTransport(new URL(started.server.url), {
          requestInit:
            secret === undefined ? {} : { headers: { authorization: `Bearer ${secret}` } },
        });
        const client = new Client(
          { name: "http-test", version: "0" },
          { jsonSchemaValidator: legacyClientValidator },
        );
        await client.connect(transport);
        clients.push(client);
        return client;
      },
    };
  };
}

/** A raw request to the server, for what the SDK client would never send. */
export async function rawRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string; headers: Headers }> {
  const response = await fetch(url, {
    method: init.method ?? "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

export const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "raw", version: "0" },
  },
});
