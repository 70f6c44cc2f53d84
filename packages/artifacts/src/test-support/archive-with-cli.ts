import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { runRealOpenSpec } from "@org/test-kit";
import type { ChangeArchivePreview } from "../preview-change-archive.js";

/** What `openspec archive <change> --yes --json` did. */
export type CliArchive = { archived: boolean; archivedAs: string | null; message: string };

/** Runs the real CLI's archive in `root`. */
export async function archiveWithCli(root: string, change: string): Promise<CliArchive> {
  const { stdout, stderr } = await runRealOpenSpec(root, ["archive", change, "--yes", "--json"]);
  try {
    const parsed = JSON.parse(stdout) as {
      archive: { archivedAs: string } | null;
      status?: { message: string }[];
    };
    return {
      archived: parsed.archive !== null,
      archivedAs: parsed.archive?.archivedAs ?? null,
      message: parsed.status?.map((status) => status.message).join("\n") ?? "",
    };
  } catch {
    return { archived: false, archivedAs: null, message: `${stdout}${stderr}` };
  }
}

/** Every `openspec/specs/**\/spec.md` of a repository, by capability id. */
export function readMainSpecs(root: string): Map<string, string> {
  const specsDir = join(root, "openspec", "specs");
  const specs = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name === "spec.md") {
        specs.set(relative(specsDir, dir).split(sep).join("/"), readFileSync(path, "utf8"));
      }
    }
  };
  if (existsSync(specsDir)) walk(specsDir);
  return specs;
}

export type Verdict =
  | "equal"
  | "different"
  | "refused_by_both"
  | "refused_by_cli_only"
  | "refused_by_preview_only";
export type Outcome = { change: string; spec: string | null; verdict: Verdict; detail: string };

/**
 * Holds a preview against what the CLI did to the same repository: when it
 * archived, each main spec must be the preview's text (or untouched when the
 * preview says so); when it refused, the preview must refuse and no spec may
 * have moved. One outcome per spec, or one per change when it was refused.
 */
export function compareWithCli(
  change: string,
  preview: ChangeArchivePreview,
  before: Map<string, string>,
  after: Map<string, string>,
  cli: CliArchive,
): Outcome[] {
  const untouched =
    [...before].every(([id, text]) => after.get(id) === text) && after.size === before.size;
  if (!cli.archived) {
    const errors = [
      ...preview.diagnostics.filter((d) => d.severity === "error").map((d) => d.message),
      ...preview.specs.flatMap((spec) =>
        spec.diagnostics.filter((d) => d.severity === "error").map((d) => d.message),
      ),
    ];
    const verdict: Verdict = preview.would_archive ? "refused_by_cli_only" : "refused_by_both";
    const moved = untouched ? "" : " (and the CLI changed a spec while refusing)";
    return [
      {
        change,
        spec: null,
        verdict: untouched ? verdict : "different",
        detail: `${cli.message}${moved}\npreview: ${errors.join("\n")}`,
      },
    ];
  }
  if (!preview.would_archive) {
    return [
      {
        change,
        spec: null,
        verdict: "refused_by_preview_only",
        detail: JSON.stringify(preview.specs.map((s) => s.diagnostics)),
      },
    ];
  }
  const outcomes: Outcome[] = preview.specs.map((spec) => {
    const written = after.get(spec.spec);
    const expected = spec.changed ? spec.merged : spec.baseline;
    const equal = written === (expected ?? undefined);
    return {
      change,
      spec: spec.spec,
      verdict: equal ? "equal" : "different",
      detail: equal
        ? ""
        : `expected ${JSON.stringify(expected)}\nwritten  ${JSON.stringify(written)}`,
    };
  });
  const previewed = new Set(preview.specs.map((spec) => spec.spec));
  for (const [id, text] of after) {
    if (!previewed.has(id) && before.get(id) !== text) {
      outcomes.push({
        change,
        spec: id,
        verdict: "different",
        detail: "the CLI wrote a spec the preview does not name",
      });
    }
  }
  if (cli.archivedAs !== preview.archived_as) {
    outcomes.push({
      change,
      spec: null,
      verdict: "different",
      detail: `archived as ${cli.archivedAs}, previewed ${preview.archived_as}`,
    });
  }
  return outcomes;
}

/** Counts per verdict, so a parity run says how many archives agreed, differed or were refused by both. */
export function tally(outcomes: Outcome[]): Record<Verdict, number> {
  const counts: Record<Verdict, number> = {
    equal: 0,
    different: 0,
    refused_by_both: 0,
    refused_by_cli_only: 0,
    refused_by_preview_only: 0,
  };
  for (const outcome of outcomes) counts[outcome.verdict]++;
  return counts;
}
