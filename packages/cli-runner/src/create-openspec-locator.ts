import { type FindOpenSpecOptions, findOpenSpec, type OpenSpecDiscovery } from "./find-openspec.js";

export interface OpenSpecLocatorOptions extends FindOpenSpecOptions {
  /** How long one discovery result is reused; defaults to 2000 ms. 0 re-runs discovery every time. */
  ttlMs?: number;
}

export interface OpenSpecLocator {
  /** The current discovery result, re-evaluated once the cached one is older than `ttlMs`. */
  find(): Promise<OpenSpecDiscovery>;
  /** Drops the cached result so the next `find` looks again. */
  forget(): void;
}

const DEFAULT_TTL_MS = 2000;

/**
 * A `findOpenSpec` with a short memory, for hosts that check availability
 * often (tool gating on every tool-list build). The cache is short so a CLI
 * installed or removed while the host runs is noticed within `ttlMs`.
 * Concurrent callers share one in-flight discovery.
 */
export function createOpenSpecLocator(options: OpenSpecLocatorOptions = {}): OpenSpecLocator {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  let cached: { result: Promise<OpenSpecDiscovery>; startedAt: number } | undefined;
  return {
    find() {
      const now = Date.now();
      if (cached === undefined || now - cached.startedAt >= ttlMs) {
        cached = { result: findOpenSpec(options), startedAt: now };
      }
      return cached.result;
    },
    forget() {
      cached = undefined;
    },
  };
}
