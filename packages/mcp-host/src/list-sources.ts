import type { Catalog, SourceListSuccess } from "@org/openspec-core";

/** A registered source as resources name it. */
export type ResourceSource = {
  /** What stands in the URI: the display name, or the token when two sources share that name. */
  name: string;
  /** The repository folder. */
  path: string;
  token: string;
};

/** The registered sources through `openspec_source_list`; none when the registry cannot be read. */
export async function listSources(catalog: Catalog): Promise<ResourceSource[]> {
  const result = await catalog.call("openspec_source_list", {});
  if (!result.ok) return [];
  const sources = (result as SourceListSuccess).sources;
  const seen = new Map<string, number>();
  for (const source of sources)
    seen.set(source.display_name, (seen.get(source.display_name) ?? 0) + 1);
  return sources.map((source) => ({
    // Two unnamed folders with one basename: only the token names each alone.
    name: (seen.get(source.display_name) ?? 0) > 1 ? source.token : source.display_name,
    path: source.path,
    token: source.token,
  }));
}

/** Which sources there are and where: equal signatures, equal registries as far as resources go. */
export function sourcesSignature(sources: readonly ResourceSource[]): string {
  return sources.map((source) => `${source.name}\u0000${source.path}`).join("\n");
}
