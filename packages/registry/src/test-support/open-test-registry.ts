import { join } from "node:path";
import { afterEach } from "vitest";
import { type OpenRegistryOptions, openRegistry } from "../open-registry.js";
import type { Registry } from "../registry.js";
import { useTempDirs } from "./temp-dir.js";

/**
 * Returns a function that opens a registry file inside `root` (home and cwd
 * are `root` too, so `~` and relative paths stay in the temp dir); every
 * registry it opened is closed after the current test.
 */
export function useTestRegistries(): (
  root: string,
  file?: string,
  options?: Pick<OpenRegistryOptions, "busyTimeoutMs">,
) => Registry {
  const opened: Registry[] = [];
  afterEach(() => {
    for (const registry of opened.splice(0)) registry.close();
  });
  return (root, file = join(root, "registry.db"), options = {}) => {
    const result = openRegistry({ path: file, home: root, cwd: root, env: {}, ...options });
    if (!result.ok) throw new Error(`test registry did not open: ${result.error}`);
    opened.push(result.registry);
    return result.registry;
  };
}

/** Unwraps a result the scenario expects to succeed, showing the failure otherwise. */
export function expectOk<Result extends { ok: boolean }>(
  result: Result,
): Extract<Result, { ok: true }> {
  if (!isSuccess(result)) {
    const error = "error" in result ? String(result.error) : "no error";
    throw new Error(`expected success, got: ${error}`);
  }
  return result;
}

function isSuccess<Result extends { ok: boolean }>(
  result: Result,
): result is Extract<Result, { ok: true }> {
  return result.ok;
}

/**
 * Everything a registry scenario needs, cleaned up after each test:
 * `freshRegistry()` gives a new temp dir with an empty registry file in it
 * (`freshRegistry({ busyTimeoutMs })` for checks that wait out the lock budget).
 */
export function useRegistrySandbox() {
  const tempDir = useTempDirs();
  const openTestRegistry = useTestRegistries();
  const freshRegistry = (options: Pick<OpenRegistryOptions, "busyTimeoutMs"> = {}) => {
    const root = tempDir();
    return { root, registry: openTestRegistry(root, undefined, options) };
  };
  return { tempDir, openTestRegistry, freshRegistry };
}
