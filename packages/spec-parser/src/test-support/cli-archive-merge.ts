import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { openspecPackageRoot } from "./openspec-cli.js";

export type MergeCase = { specId: string; change: string; baseline: string | null; delta: string };
/** What `openspec archive` leaves in the main spec file, or that it refused (and why). */
export type CliMergeOutcome =
  | { ok: true; text: string | null; changed: boolean }
  | { ok: false; error: string };

type Module = Record<string, unknown>;

async function load(relativePath: string): Promise<Module> {
  const url = pathToFileURL(join(openspecPackageRoot(), "dist", relativePath)).href;
  return (await import(url)) as Module;
}

function fn<T extends (...args: never[]) => unknown>(module: Module, name: string): T {
  const value = module[name];
  if (typeof value !== "function") throw new Error(`the CLI no longer exports ${name}`);
  return value as T;
}

type Update = { id: string; exists: boolean };
type Built = { rebuilt: string; counts: Record<string, number> };
type Report = { valid: boolean; issues: { level: string; message: string }[] };
type ValidatorInstance = {
  validateChangeDeltaSpecs(dir: string): Promise<Report>;
  validateSpecContent(id: string, content: string): Promise<Report>;
};

/**
 * The archive's own steps for one delta spec, from the installed CLI's
 * modules (internal to the pinned `@fission-ai/openspec` 1.13.2), run on real
 * files in a temporary repository: delta validation, the merge, validation of
 * the rebuilt spec, and the line ending and skip rules of the write. Much
 * faster than a CLI process per case, and the same code.
 */
export async function loadCliArchiveMerge(): Promise<{
  merge(input: MergeCase): Promise<CliMergeOutcome>;
  dispose(): Promise<void>;
}> {
  const apply = await load("core/specs-apply.js");
  const validation = await load("core/validation/validator.js");
  const endings = await load("utils/line-endings.js");
  const findSpecUpdates = fn<(change: string, specs: string) => Promise<Update[]>>(
    apply,
    "findSpecUpdates",
  );
  const buildUpdatedSpec = fn<(update: Update, change: string, options: object) => Promise<Built>>(
    apply,
    "buildUpdatedSpec",
  );
  const matchLineEnding = fn<(content: string, original: string) => string>(
    endings,
    "matchLineEnding",
  );
  const Validator = validation.Validator as new () => ValidatorInstance;
  const base = await mkdtemp(join(tmpdir(), "cli-archive-merge-"));
  let counter = 0;
  return {
    async merge({ specId, change, baseline, delta }) {
      const root = join(base, String(counter++));
      const specsDir = join(root, "openspec", "specs");
      const changeDir = join(root, "openspec", "changes", change);
      await mkdir(join(changeDir, "specs", specId), { recursive: true });
      await mkdir(specsDir, { recursive: true });
      await writeFile(join(changeDir, "specs", specId, "spec.md"), delta);
      const target = join(specsDir, specId, "spec.md");
      if (baseline !== null) {
        await mkdir(join(specsDir, specId), { recursive: true });
        await writeFile(target, baseline);
      }
      try {
        if (/^##\s+(ADDED|MODIFIED|REMOVED|RENAMED)\s+Requirements/im.test(delta)) {
          const report = await new Validator().validateChangeDeltaSpecs(changeDir);
          if (!report.valid) {
            const errors = report.issues.filter((issue) => issue.level === "ERROR");
            return { ok: false, error: errors.map((issue) => issue.message).join("\n") };
          }
        }
        const [update] = await findSpecUpdates(changeDir, specsDir);
        if (update === undefined) throw new Error("no delta spec found");
        const built = await buildUpdatedSpec(update, change, { silent: true });
        const report = await new Validator().validateSpecContent(specId, built.rebuilt);
        if (!report.valid) {
          const errors = report.issues.filter((issue) => issue.level === "ERROR");
          return { ok: false, error: errors.map((issue) => issue.message).join("\n") };
        }
        const changed = Object.values(built.counts).some((count) => count > 0);
        if (!changed) return { ok: true, text: baseline, changed };
        const previous = baseline === null ? null : await readFile(target, "utf8");
        const text = previous === null ? built.rebuilt : matchLineEnding(built.rebuilt, previous);
        return { ok: true, text, changed };
      } catch (thrown) {
        return { ok: false, error: thrown instanceof Error ? thrown.message : String(thrown) };
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    },
    dispose: () => rm(base, { recursive: true, force: true }),
  };
}
