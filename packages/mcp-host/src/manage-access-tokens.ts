import type { ToolResult } from "@org/openspec-core";
import { type AccessToken, type AsyncRegistry, connectRegistry } from "@org/openspec-registry";

/** Which registry holds the tokens (a file or a PostgreSQL URL): the one the server reads. */
export type TokenStoreOptions = {
  env?: Readonly<Record<string, string | undefined>>;
  /** Overrides `OPENSPEC_AGENT_DB`, as the shell CLI's `--db` does. */
  registryPath?: string;
};

/**
 * The `openspec-agent tokens` commands as results shaped like a tool's
 * (snake_case, `ok` first), so the shell prints them as it prints any tool.
 * These are host commands for a person, not agent tools: an agent that could
 * make tokens could give itself write access.
 */
export const accessTokenCommands = {
  create(options: TokenStoreOptions, name: string, readOnly: boolean): Promise<ToolResult> {
    return withRegistry(options, async (registry) => {
      const created = await registry.createAccessToken({ name, readOnly });
      return created.ok
        ? { ok: true, token: describe(created.token), secret: created.secret }
        : created;
    });
  },
  list(options: TokenStoreOptions): Promise<ToolResult> {
    return withRegistry(options, async (registry) => {
      const listed = await registry.listAccessTokens();
      return listed.ok ? { ok: true, tokens: listed.tokens.map(describe) } : listed;
    });
  },
  revoke(options: TokenStoreOptions, identifier: string): Promise<ToolResult> {
    return withRegistry(options, async (registry) => {
      const revoked = await registry.revokeAccessToken(identifier);
      return revoked.ok ? { ok: true, token: describe(revoked.token) } : revoked;
    });
  },
};

async function withRegistry(
  options: TokenStoreOptions,
  work: (registry: AsyncRegistry) => Promise<ToolResult>,
): Promise<ToolResult> {
  const opened = await connectRegistry({
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.registryPath === undefined ? {} : { path: options.registryPath }),
  });
  if (!opened.ok) return opened;
  try {
    return await work(opened.registry);
  } finally {
    await opened.registry.close();
  }
}

function describe(token: AccessToken) {
  return {
    id: token.id,
    name: token.name,
    read_only: token.readOnly,
    created_at: token.createdAt,
    last_used_at: token.lastUsedAt,
  };
}
