import type { ToolResult } from "@org/openspec-core";
import {
  type AccessToken,
  createAccessToken,
  listAccessTokens,
  openRegistry,
  type Registry,
  revokeAccessToken,
} from "@org/openspec-registry";

/** Which registry file holds the tokens: the one the server reads. */
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
  create(options: TokenStoreOptions, name: string, readOnly: boolean): ToolResult {
    return withRegistry(options, (registry) => {
      const created = createAccessToken(registry, { name, readOnly });
      return created.ok
        ? { ok: true, token: describe(created.token), secret: created.secret }
        : created;
    });
  },
  list(options: TokenStoreOptions): ToolResult {
    return withRegistry(options, (registry) => {
      const listed = listAccessTokens(registry);
      return listed.ok ? { ok: true, tokens: listed.tokens.map(describe) } : listed;
    });
  },
  revoke(options: TokenStoreOptions, identifier: string): ToolResult {
    return withRegistry(options, (registry) => {
      const revoked = revokeAccessToken(registry, identifier);
      return revoked.ok ? { ok: true, token: describe(revoked.token) } : revoked;
    });
  },
};

function withRegistry(
  options: TokenStoreOptions,
  work: (registry: Registry) => ToolResult,
): ToolResult {
  const opened = openRegistry({
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.registryPath === undefined ? {} : { path: options.registryPath }),
  });
  if (!opened.ok) return opened;
  try {
    return work(opened.registry);
  } finally {
    opened.registry.close();
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
