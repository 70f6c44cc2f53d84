import { spawnSync } from "node:child_process";
import { countText, type TokenFigure } from "./count-tokens.js";

/**
 * The figure to compare with: hermes-openspec, the Python Hermes plugin this
 * project grew from, registers 21 tools whose schemas live in its
 * `schemas.py`. Recorded with `measureHermesOpenspecSchemas` on the commit
 * below; a run without that file (CI) reports this figure, labelled recorded.
 */
export const RECORDED_HERMES_OPENSPEC = {
  repository: "github.com/FelineStateMachine/hermes-openspec",
  commit: "7fa817e87e8d1da77f342f4b1522d1552cd39a46",
  measuredOn: "2026-12-04",
  tools: 21,
  tokens: 4205,
  bytes: 19892,
} as const;

export type AnchorFigure = TokenFigure & {
  tools: number;
  /** `measured` from the file in this run, or `recorded` (with why it was not measured). */
  source: "measured" | "recorded";
  from: string;
};

// Python reads the file, so the figure is what Hermes gets from the plugin:
// every module-level schema dict (`name` and `parameters`), in file order, as
// compact JSON. Only the file's dict literals run; it imports nothing else.
const DUMP_SCHEMAS = `
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("hermes_openspec_schemas", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
schemas = [v for k, v in vars(module).items() if k.isupper() and isinstance(v, dict) and "name" in v and "parameters" in v]
sys.stdout.write(json.dumps(schemas, ensure_ascii=False, separators=(",", ":")))
`;

/**
 * hermes-openspec's registered schemas, counted like ours: from its
 * `schemas.py` at `path` (the bench takes it from `HERMES_OPENSPEC_SCHEMAS`),
 * else the recorded figure with the reason.
 */
export function measureHermesOpenspecSchemas(path: string | undefined): AnchorFigure {
  const recorded = (why: string): AnchorFigure => ({
    tokens: RECORDED_HERMES_OPENSPEC.tokens,
    bytes: RECORDED_HERMES_OPENSPEC.bytes,
    tools: RECORDED_HERMES_OPENSPEC.tools,
    source: "recorded",
    from: `${RECORDED_HERMES_OPENSPEC.repository}@${RECORDED_HERMES_OPENSPEC.commit.slice(0, 7)} on ${RECORDED_HERMES_OPENSPEC.measuredOn} (${why})`,
  });
  if (path === undefined || path === "") return recorded("HERMES_OPENSPEC_SCHEMAS is not set");
  const run = spawnSync("python3", ["-c", DUMP_SCHEMAS, path], { encoding: "utf8" });
  if (run.status !== 0) return recorded(`python3 could not read ${path}: ${run.stderr.trim()}`);
  const schemas = JSON.parse(run.stdout) as unknown[];
  return { ...countText(run.stdout), tools: schemas.length, source: "measured", from: path };
}
