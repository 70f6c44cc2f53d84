import { createAccessToken, openRegistry } from "@org/openspec-registry";
import {
  AUTH_SPEC,
  DARK_MODE_CHANGE,
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
} from "@org/test-kit";

export type DemoHome = {
  home: string;
  /** The server's whole environment: this home, its registry, the real OpenSpec CLI. */
  env: Record<string, string>;
  /** The repository registered as `demo`: the `auth` spec and the `add-dark-mode` change. */
  repository: string;
  /** A token in this home's registry (`openspec-agent tokens create`), its secret. */
  token(name: string): string;
};

/**
 * A home of its own, as a user has after `openspec-agent sources add <repo>
 * --name demo`: its registry holds one small repository. Nothing of the real
 * user's (`~/.hermes`, the registry, XDG folders) is read or written.
 */
export function demoHome(): DemoHome {
  const { home, env } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
  const whole: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) whole[key] = value;
  const repository = makeOpenSpecRepository(
    { "openspec/specs/auth/spec.md": AUTH_SPEC, ...DARK_MODE_CHANGE },
    "demo-repo",
  );
  const registry = openRegistryOf(whole, home);
  try {
    const added = registry.add({ path: repository, name: "demo" });
    if (!added.ok) throw new Error(added.error);
  } finally {
    registry.close();
  }
  return {
    home,
    env: whole,
    repository,
    token(name) {
      const opened = openRegistryOf(whole, home);
      try {
        const created = createAccessToken(opened, { name });
        if (!created.ok) throw new Error(created.error);
        return created.secret;
      } finally {
        opened.close();
      }
    },
  };
}

function openRegistryOf(env: Record<string, string>, home: string) {
  const opened = openRegistry({ path: env.OPENSPEC_AGENT_DB ?? "", env, home });
  if (!opened.ok) throw new Error(opened.error);
  return opened.registry;
}
