import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { openspecPackageRoot } from "./openspec-cli.js";

/**
 * The installed CLI's own parsing modules, loaded in-process so property
 * tests can hold thousands of generated documents against the real
 * implementation without spawning it. They are internal to
 * `@fission-ai/openspec` 1.13.2 (pinned), so paths are resolved by file.
 */
export type CliParsers = {
  /** What `show <id> --type spec --json` prints, or the error it fails with. */
  showSpec(id: string, content: string): { ok: true; json: unknown } | { ok: false; error: string };
  /** The deltas one delta spec adds to `show <change> --json`, and whether it has any delta section. */
  specDeltas(spec: string, content: string): { hasDeltaSections: boolean; deltas: unknown[] };
  /** What `show <change> --json` reads from a proposal alone: its prose deltas, or the error it fails with. */
  proposalDeltas(
    content: string,
  ): Promise<{ ok: true; deltas: unknown } | { ok: false; error: string }>;
  /** The `title` `show <change> --json` gives a change with this proposal. */
  changeTitle(proposal: string, id: string): string;
  /** The task counts `openspec list` reports for a tasks.md. */
  taskCounts(content: string): { total: number; completed: number };
};

type Constructor = new (...args: string[]) => Record<string, unknown>;

async function load(relativePath: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(join(openspecPackageRoot(), "dist", relativePath)).href;
  const loaded: unknown = await import(url);
  if (loaded === null || typeof loaded !== "object") throw new Error(`cannot load ${relativePath}`);
  return loaded as Record<string, unknown>;
}

function member<T>(
  module: Record<string, unknown>,
  name: string,
  check: (value: unknown) => value is T,
): T {
  const value = module[name];
  if (!check(value)) throw new Error(`the CLI no longer exports ${name}`);
  return value;
}

const isFunction = (value: unknown): value is (...args: unknown[]) => unknown =>
  typeof value === "function";
const isConstructor = (value: unknown): value is Constructor => typeof value === "function";

function call(target: Record<string, unknown>, method: string, ...args: unknown[]): unknown {
  const fn = target[method];
  if (typeof fn !== "function") throw new Error(`the CLI parser has no ${method}`);
  return fn.apply(target, args);
}

export async function loadCliParsers(): Promise<CliParsers> {
  const markdown = await load("core/parsers/markdown-parser.js");
  const change = await load("core/parsers/change-parser.js");
  const blocks = await load("core/parsers/requirement-blocks.js");
  const progress = await load("utils/task-progress.js");
  const command = await load("commands/change.js");
  const ChangeCommand = member(command, "ChangeCommand", isConstructor);
  const MarkdownParser = member(markdown, "MarkdownParser", isConstructor);
  const ChangeParser = member(change, "ChangeParser", isConstructor);
  const parseDeltaSpec = member(blocks, "parseDeltaSpec", isFunction);
  const countTasks = member(progress, "countTasksFromContent", isFunction);
  return {
    showSpec(id, content) {
      try {
        const parsed = call(new MarkdownParser(content), "parseSpec", id) as Record<
          string,
          unknown
        >;
        const requirements = parsed.requirements as unknown[];
        const json = {
          id,
          title: parsed.name,
          overview: parsed.overview,
          requirementCount: requirements.length,
          requirements,
          metadata: parsed.metadata,
        };
        return { ok: true, json };
      } catch (thrown) {
        return { ok: false, error: thrown instanceof Error ? thrown.message : String(thrown) };
      }
    },
    specDeltas(spec, content) {
      const plan = parseDeltaSpec(content) as { sectionPresence: Record<string, boolean> };
      const hasDeltaSections = Object.values(plan.sectionPresence).some(Boolean);
      try {
        const deltas = call(new ChangeParser("", "/nonexistent"), "parseSpecDeltas", spec, plan);
        return { hasDeltaSections, deltas: deltas as unknown[] };
      } catch {
        return { hasDeltaSections, deltas: [] };
      }
    },
    async proposalDeltas(content) {
      try {
        const parser = new ChangeParser(content, "/nonexistent-change-dir");
        const parsed = (await call(parser, "parseChangeWithDeltas", "change")) as Record<
          string,
          unknown
        >;
        return { ok: true, deltas: parsed.deltas };
      } catch (thrown) {
        return { ok: false, error: thrown instanceof Error ? thrown.message : String(thrown) };
      }
    },
    changeTitle(proposal, id) {
      return call(ChangeCommand.prototype, "extractTitle", proposal, id) as string;
    },
    taskCounts(content) {
      return countTasks(content) as { total: number; completed: number };
    },
  };
}
