import type { Catalog } from "@org/openspec-core";
import { callTool } from "./call-tool.js";

type Entry = { times: Map<string, string> | null; running: boolean; stale: boolean };

/**
 * Each change's last modification, from `openspec list` (openspec_list): the
 * CLI reads every change, which takes seconds on a large repository, so it
 * runs in the background, one run per source at a time, and the board shows
 * the times once they are known. `onUpdate` tells the pages to refresh.
 */
export class ModifiedTimes {
  readonly #entries = new Map<string, Entry>();
  #closed = false;

  constructor(
    private readonly catalog: Catalog,
    private readonly onUpdate: (source: string) => void,
  ) {}

  /** The known times of a source's active changes (name → ISO time); starts a run when none is known. */
  get(source: string): ReadonlyMap<string, string> | null {
    const entry = this.#entry(source);
    if (entry.times === null && !entry.running) this.#run(source, entry);
    return entry.times;
  }

  /** A file of the source changed: read again, keeping the old times until then. */
  invalidate(source: string): void {
    const entry = this.#entries.get(source);
    if (!entry) return;
    if (entry.running) entry.stale = true;
    else this.#run(source, entry);
  }

  close(): void {
    this.#closed = true;
  }

  #entry(source: string): Entry {
    let entry = this.#entries.get(source);
    if (!entry) {
      entry = { times: null, running: false, stale: false };
      this.#entries.set(source, entry);
    }
    return entry;
  }

  #run(source: string, entry: Entry): void {
    entry.running = true;
    entry.stale = false;
    // Off the request's path: the answer that asked is sent first.
    setImmediate(async () => {
      const result = await callTool(this.catalog, "openspec_list", { source });
      entry.running = false;
      if (this.#closed) return;
      // Without the CLI (or with a failing one) the board shows no times and
      // does not ask again until a file changes.
      const times = result.ok ? readTimes(result.stdout) : null;
      entry.times = times ?? new Map();
      if (times) this.onUpdate(source);
      if (entry.stale) this.#run(source, entry);
    });
  }
}

function readTimes(stdout: unknown): Map<string, string> | null {
  if (typeof stdout !== "object" || stdout === null || !("changes" in stdout)) return null;
  const { changes } = stdout;
  if (!Array.isArray(changes)) return null;
  const times = new Map<string, string>();
  for (const change of changes as unknown[]) {
    if (typeof change !== "object" || change === null) continue;
    const { name, lastModified } = change as { name?: unknown; lastModified?: unknown };
    if (typeof name === "string" && typeof lastModified === "string") times.set(name, lastModified);
  }
  return times;
}
