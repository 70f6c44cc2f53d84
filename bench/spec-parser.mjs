import { isDeepStrictEqual } from "node:util";
import { measureRatio } from "./measure.mjs";
import { benchResult, spreadOf } from "./result.mjs";

/**
 * spec-parser-speed: throughput of our spec parser against OpenSpec's own on the same specs,
 * both producing what `openspec show <id> --type spec --json` prints. Every
 * spec must come out equal; the figure is their time over ours (2 means we
 * parse twice as many specs per second).
 *
 * @param {{ iterations: number, specs: Array<{ id: string, content: string }>,
 *   ours: (id: string, content: string) => unknown,
 *   theirs: (id: string, content: string) => unknown }} options
 */
export async function benchSpecParser({ iterations, specs, ours, theirs }) {
  const differing = specs
    .filter(
      ({ id, content }) => !isDeepStrictEqual(plain(ours(id, content)), plain(theirs(id, content))),
    )
    .map(({ id }) => id);
  const parseAll = (parse) => () => {
    for (const { id, content } of specs) parse(id, content);
  };
  // Their time over ours: the candidate is theirs, so the ratio reads as our speed-up.
  const measured = await measureRatio({
    iterations,
    warmup: 2,
    baseline: parseAll(ours),
    candidate: parseAll(theirs),
  });
  return benchResult({
    id: "spec-parser-speed",
    title: "spec-parser throughput / OpenSpec's own parser",
    unit: "×",
    value: measured.ratio.median,
    valid: differing.length === 0,
    spread: spreadOf(measured.ratio),
    target: { at: "least", value: 2 },
    details: {
      specs: specs.length,
      equalResults: differing.length === 0,
      differing: differing.slice(0, 10),
      oursMs: measured.baselineMs.median,
      theirsMs: measured.candidateMs.median,
    },
  });
}

function plain(value) {
  return JSON.parse(JSON.stringify(value));
}
