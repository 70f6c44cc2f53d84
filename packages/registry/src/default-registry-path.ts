import { isAbsolute, join } from "node:path";
import { expandHome } from "./expand-home.js";

export interface DefaultRegistryPathInput {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly home: string;
}

/**
 * Where the registry file lives when no explicit path is given:
 * `OPENSPEC_AGENT_DB` (with `~` expanded; a relative value is returned as is
 * and resolved against the working directory by `openRegistry`), else
 * `$XDG_DATA_HOME/openspec-agent/registry.db`, else
 * `~/.local/share/openspec-agent/registry.db`. Empty variables count as unset,
 * and a relative `XDG_DATA_HOME` is ignored as the XDG spec requires.
 */
export function defaultRegistryPath({ env, home }: DefaultRegistryPathInput): string {
  const override = env.OPENSPEC_AGENT_DB;
  if (override) return expandHome(override, home);
  const dataHome = env.XDG_DATA_HOME;
  const base = dataHome && isAbsolute(dataHome) ? dataHome : join(home, ".local", "share");
  return join(base, "openspec-agent", "registry.db");
}
