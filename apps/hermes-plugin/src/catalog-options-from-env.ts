import type { CatalogOptions } from "@org/openspec-core";

/** The catalog settings the bridge takes from its environment, with a warning per bad value. */
export function catalogOptionsFromEnv(env: Readonly<Record<string, string | undefined>>): {
  options: CatalogOptions;
  warnings: string[];
} {
  const raw = env.OPENSPEC_AGENT_CLI_TIMEOUT_MS;
  if (raw === undefined || raw === "") return { options: { env }, warnings: [] };
  const timeoutMs = Number(raw);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    return {
      options: { env },
      warnings: [
        `OPENSPEC_AGENT_CLI_TIMEOUT_MS=${raw} is not a positive whole number of milliseconds; using the default.`,
      ],
    };
  }
  return { options: { env, cliTimeoutMs: timeoutMs }, warnings: [] };
}
