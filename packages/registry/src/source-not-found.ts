import { closestSources } from "./closest-sources.js";
import { type RegistryFailure, registryFailure } from "./registry-failure.js";
import type { Source } from "./source.js";

/** `source_not_found` for an identifier, naming the registered sources closest to it. */
export function sourceNotFound(identifier: string, all: readonly Source[]): RegistryFailure {
  const closest = closestSources(identifier, all);
  const count = `${all.length} ${all.length === 1 ? "source is" : "sources are"} registered`;
  const registered =
    all.length === 0
      ? "the registry is empty, add the repository first"
      : closest.length === 0
        ? `${count}, none close to it`
        : `closest: ${closest.map((source) => `${source.displayName} (${source.token})`).join(", ")}; ${count}`;
  return registryFailure(
    "source_not_found",
    `No source is called ${JSON.stringify(identifier)}; ${registered}.`,
  );
}
