import type { Catalog } from "@org/openspec-core";
import pLimit from "p-limit";
import { callTool } from "./call-tool.js";

export type SpecEntry = {
  source: string;
  spec: string;
  title: string;
  requirements: { name: string; scenarios: string[] }[];
};

export type SearchHit = { source: string; spec: string; requirement: string; scenarios: string[] };

/**
 * The requirement and scenario names of every spec of each source, read with
 * openspec_spec_list and openspec_spec_show once and kept until a file of the
 * source changes, so a search is a scan in memory.
 */
export class SpecIndex {
  readonly #bySource = new Map<string, Promise<SpecEntry[]>>();

  constructor(private readonly catalog: Catalog) {}

  invalidate(source: string): void {
    this.#bySource.delete(source);
  }

  specs(source: string): Promise<SpecEntry[]> {
    let entries = this.#bySource.get(source);
    if (!entries) {
      entries = this.#read(source);
      this.#bySource.set(source, entries);
    }
    return entries;
  }

  /** Requirements whose name, or one of whose scenarios' names, contains `query` (any case). */
  async search(sources: readonly string[], query: string): Promise<SearchHit[]> {
    const needle = query.toLowerCase();
    const hits: SearchHit[] = [];
    for (const source of sources) {
      for (const entry of await this.specs(source)) {
        for (const requirement of entry.requirements) {
          const scenarios = requirement.scenarios.filter((name) =>
            name.toLowerCase().includes(needle),
          );
          if (requirement.name.toLowerCase().includes(needle) || scenarios.length > 0) {
            hits.push({ source, spec: entry.spec, requirement: requirement.name, scenarios });
          }
        }
      }
    }
    return hits;
  }

  async #read(source: string): Promise<SpecEntry[]> {
    const list = await callTool(this.catalog, "openspec_spec_list", { source });
    if (!list.ok) {
      this.#bySource.delete(source);
      return [];
    }
    const entries = await pLimit(8).map(list.specs, async (spec): Promise<SpecEntry> => {
      const shown = await callTool(this.catalog, "openspec_spec_show", {
        source,
        name: spec,
        limit: 1000,
      });
      if (!shown.ok) return { source, spec, title: spec, requirements: [] };
      return {
        source,
        spec,
        title: shown.title,
        requirements: shown.requirements.map((requirement) => ({
          name: requirement.name,
          scenarios: requirement.scenarios.map((scenario) => scenario.name),
        })),
      };
    });
    return entries;
  }
}
