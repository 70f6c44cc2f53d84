import { DEFAULT_MAX_ARTIFACT_BYTES } from "@org/openspec-artifacts/limits";
import {
  findSettingProblem,
  SETTING_BOUNDS,
  type SettingBounds,
} from "@org/openspec-cli-runner/startup";
import type { CatalogOptions } from "./catalog-context.js";
import {
  type ConfineSetting,
  readConfineSettings,
  type StoreAllowance,
} from "./read-confine-settings.js";
import { type ToolFailure, toolFailure } from "./tool-result.js";

/** The numeric settings once checked; undefined means the runner's default. */
export type CatalogSettings = {
  cliTimeoutMs: number | undefined;
  cliMaxOutputBytes: number | undefined;
  cliDiscoveryTtlMs: number;
  /** Warm workers to keep, when the pool is wanted; undefined for the pool's default. */
  poolSize: number | undefined;
  /** CLI runs at once; undefined for one per core. */
  cliConcurrency: number | undefined;
  /** Bytes of each artifact (spec, proposal, tasks, design) an answer carries. */
  maxArtifactBytes: number;
  /** Whether CLI runs are confined to their source (`OPENSPEC_AGENT_CONFINE`). */
  confine: ConfineSetting;
  /** Which sources' CLI runs may reach the OpenSpec stores registered on this host (`OPENSPEC_AGENT_ALLOW_STORES`). */
  allowStores: StoreAllowance;
};

/** The cap on one artifact in an answer: at least a kilobyte, at most 256 MiB. */
const ARTIFACT_BYTES: SettingBounds = { min: 1024, max: 256 * 1024 * 1024, unit: "bytes" };

type Check = { name: string; value: number | string | undefined; bounds: SettingBounds };

const DEFAULT_DISCOVERY_TTL_MS = 2000;

/** An unset or empty variable leaves the default, as shells treat `NAME=`. */
function fromEnv(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

/**
 * Checks every numeric setting, from options and the environment, against
 * its bounds. A bad one is refused, never replaced by a default: a timeout of
 * 3000000000 ms used to overflow Node's timer and end every run at once.
 */
export function readCatalogSettings(
  options: CatalogOptions,
  env: Readonly<Record<string, string | undefined>>,
): { ok: true; settings: CatalogSettings } | ToolFailure {
  const timeoutFromEnv = fromEnv(env.OPENSPEC_AGENT_CLI_TIMEOUT_MS);
  const poolFromEnv = fromEnv(env.OPENSPEC_AGENT_POOL);
  const concurrencyFromEnv = fromEnv(env.OPENSPEC_AGENT_CLI_CONCURRENCY);
  const artifactBytesFromEnv = fromEnv(env.OPENSPEC_AGENT_MAX_ARTIFACT_BYTES);
  const warmPoolSize = typeof options.warmPool === "number" ? options.warmPool : undefined;
  const checks: Check[] = [
    {
      name: "OPENSPEC_AGENT_CLI_TIMEOUT_MS",
      value: timeoutFromEnv,
      bounds: SETTING_BOUNDS.timeoutMs,
    },
    { name: "OPENSPEC_AGENT_POOL", value: poolFromEnv, bounds: SETTING_BOUNDS.poolSize },
    { name: "cliTimeoutMs", value: options.cliTimeoutMs, bounds: SETTING_BOUNDS.timeoutMs },
    {
      name: "cliMaxOutputBytes",
      value: options.cliMaxOutputBytes,
      bounds: SETTING_BOUNDS.maxOutputBytes,
    },
    {
      name: "cliDiscoveryTtlMs",
      value: options.cliDiscoveryTtlMs,
      bounds: SETTING_BOUNDS.discoveryTtlMs,
    },
    { name: "warmPool", value: warmPoolSize, bounds: SETTING_BOUNDS.poolSize },
    {
      name: "OPENSPEC_AGENT_CLI_CONCURRENCY",
      value: concurrencyFromEnv,
      bounds: SETTING_BOUNDS.cliConcurrency,
    },
    {
      name: "cliConcurrency",
      value: options.cliConcurrency,
      bounds: SETTING_BOUNDS.cliConcurrency,
    },
    {
      name: "OPENSPEC_AGENT_MAX_ARTIFACT_BYTES",
      value: artifactBytesFromEnv,
      bounds: ARTIFACT_BYTES,
    },
    { name: "maxArtifactBytes", value: options.maxArtifactBytes, bounds: ARTIFACT_BYTES },
  ];
  for (const check of checks) {
    if (check.value === undefined) continue;
    const problem = findSettingProblem(check.name, check.value, check.bounds);
    if (problem !== undefined) return invalidSetting(check, problem);
  }
  const confinement = readConfineSettings(options, env);
  if (!confinement.ok) return confinement;
  return {
    ok: true,
    settings: {
      confine: confinement.confine,
      allowStores: confinement.allowStores,
      cliTimeoutMs: options.cliTimeoutMs ?? optionalNumber(timeoutFromEnv),
      cliMaxOutputBytes: options.cliMaxOutputBytes,
      cliDiscoveryTtlMs: options.cliDiscoveryTtlMs ?? DEFAULT_DISCOVERY_TTL_MS,
      poolSize: warmPoolSize ?? optionalNumber(poolFromEnv),
      cliConcurrency: options.cliConcurrency ?? optionalNumber(concurrencyFromEnv),
      maxArtifactBytes:
        options.maxArtifactBytes ??
        optionalNumber(artifactBytesFromEnv) ??
        DEFAULT_MAX_ARTIFACT_BYTES,
    },
  };
}

function optionalNumber(value: string | undefined): number | undefined {
  return value === undefined ? undefined : Number(value);
}

function invalidSetting(check: Check, problem: string): ToolFailure {
  const range = `a whole number from ${check.bounds.min} to ${check.bounds.max}`;
  const fromEnvironment = /^[A-Z_]+$/.test(check.name);
  return toolFailure(
    "invalid_setting",
    problem,
    fromEnvironment
      ? `Set ${check.name} to ${range}, or unset it to use the default, and restart the host.`
      : `Pass ${check.name} as ${range}, or leave it out to use the default.`,
    { setting: check.name, value: String(check.value) },
  );
}
