import { measureRatio } from "./measure.mjs";
import { benchResult, spreadOf } from "./result.mjs";

/** The characters whose long runs make backtracking regexes quadratic, and a mix of them. */
export const PATHOLOGICAL_RUNS = {
  spaces: " ",
  hashes: "#",
  backticks: "`",
  stars: "*",
  dashes: "-",
  brackets: "[",
  pipes: "|",
  tabs: "\t",
  mixed: " #`*-[|\t:",
};

/**
 * One document per run: a delta spec, a main spec, a tasks.md and a proposal
 * whose lines carry a run of `length` characters where each parser looks
 * hardest (after heading and list markers, in names, before a line separator).
 *
 * @param {number} length
 * @returns {Array<{ run: string, spec: string, delta: string, tasks: string, proposal: string }>}
 */
export function pathologicalDocuments(length) {
  return Object.values(PATHOLOGICAL_RUNS).map((unit) => {
    const run = unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
    // List lines first, so they stay inside a proposal's "What Changes"; the
    // headings then close it, and the bare run (a fence, for backticks) comes last.
    const noise = [
      `- **auth**: ${run}\u2028`,
      `- **WHEN** ${run}x`,
      `- [${run}] task`,
      `1.${run}`,
      `|${run}|`,
      `# a${run}b`,
      `## ${run}x`,
      `### Requirement: ${run}`,
      `#### Scenario: ${run}x`,
      run,
    ].join("\n");
    return {
      run,
      spec: `# a${run}b\n\n## Purpose\n\nWhy ${run} not.\n\n## Requirements\n\n### Requirement: Kept\n\nThe system SHALL keep it.\n\n#### Scenario: Kept\n\n- **WHEN** it runs\n\n## Notes\n\n${noise}\n`,
      delta: `# a${run}b\n\n## ADDED Requirements\n\n### Requirement: Kept\n\nThe system SHALL keep it.\n\n#### Scenario: Kept\n\n- **WHEN** it runs\n\n## Notes\n\n${noise}\n`,
      tasks: `## 1. Work\n\n- [x] 1.1 Done\n${noise}\n- [ ] 1.2 Open\n`,
      proposal: `# Change: a${run}b\n\n## Why\n\nBecause.\n\n## What Changes\n\n- **auth:** adds login\n${noise}\n`,
    };
  });
}

/**
 * Runs every parser entry point on one set of documents and checks what must
 * survive the noise: the requirement, the tasks and the proposal's delta.
 * Returns the names of the checks that failed.
 */
function parseAll(parser, documents) {
  const failed = [];
  for (const [index, doc] of documents.entries()) {
    const spec = parser.parseSpec(doc.spec);
    if (!spec.ok || spec.value.requirements[0]?.name !== "Kept") failed.push(`${index}:spec`);
    const delta = parser.parseDeltaSpec(doc.delta);
    if (!delta.ok || delta.value.added[0]?.name !== "Kept") failed.push(`${index}:delta`);
    if (parser.readTitle(doc.delta) !== `a${doc.run}b`) failed.push(`${index}:title`);
    const tasks = parser.parseTasks(doc.tasks);
    if (tasks.completed !== 1 || !tasks.tasks.some((task) => task.id === "1.2")) {
      failed.push(`${index}:tasks`);
    }
    const change = parser.toCliChangeJson({
      id: "c",
      proposal: doc.proposal,
      deltaSpecs: [],
    });
    if (!change.ok || change.value.deltas[0]?.spec !== "auth") failed.push(`${index}:proposal`);
    const input = {
      title: `a${doc.run}b`,
      purpose: `Why ${doc.run} not.`,
      requirements: [
        {
          name: `Name ${doc.run} end`,
          text: `The system SHALL ${doc.run} work.`,
          scenarios: [{ name: "S", steps: [{ type: "WHEN", text: `a${doc.run}b` }] }],
        },
      ],
    };
    const again = parser.parseSpec(parser.stringifySpec(input));
    if (!again.ok || again.value.requirements[0]?.scenarios[0]?.steps[0]?.text !== `a${doc.run}b`) {
      failed.push(`${index}:round-trip`);
    }
  }
  return failed;
}

function megabytes(documents) {
  let chars = 0;
  for (const doc of documents) {
    chars += doc.spec.length + doc.delta.length + doc.tasks.length + doc.proposal.length;
  }
  return chars / (1024 * 1024);
}

/**
 * pathological-lines: every spec-parser entry point (parseSpec, parseDeltaSpec, readTitle,
 * parseTasks, toCliChangeJson of the proposal (its title and deltas), stringify and parse
 * again) on documents whose lines hold runs of `length` spaces, `#`,
 * backticks, `*`, `-`, `[`, `|`, tabs and a mix. The figure is the time per
 * MB over `text.split("\n")` of the same text in the same run: a linear
 * parser keeps it flat at any length, a backtracking regex makes it grow with
 * the length. `scaling` compares the parse time at `length` and 4 × `length`
 * (1 is linear, 2 quadratic).
 *
 * @param {{ iterations: number, length: number, parser: any }} options
 */
export async function benchPathologicalLines({ iterations, length, parser }) {
  const documents = pathologicalDocuments(length);
  const failed = parseAll(parser, documents);
  const texts = documents.flatMap((doc) => [doc.spec, doc.delta, doc.tasks, doc.proposal]);
  const measured = await measureRatio({
    iterations,
    warmup: 1,
    baseline: () => {
      for (const text of texts) text.split("\n");
    },
    candidate: () => parseAll(parser, documents),
  });
  const longer = pathologicalDocuments(length * 4);
  const timeOf = (docs) => {
    const started = performance.now();
    parseAll(parser, docs);
    return performance.now() - started;
  };
  const shortMs = Math.min(timeOf(documents), timeOf(documents), timeOf(documents));
  const longMs = Math.min(timeOf(longer), timeOf(longer), timeOf(longer));
  const size = megabytes(documents);
  return benchResult({
    id: "pathological-lines",
    title: "spec-parser on pathological lines: time per MB / split per MB",
    unit: "×",
    value: measured.ratio.median,
    valid: failed.length === 0,
    spread: spreadOf(measured.ratio),
    target: { at: "most", value: 50 },
    details: {
      runLength: length,
      megabytes: Number(size.toFixed(2)),
      parseMsPerMb: measured.candidateMs.median / size,
      splitMsPerMb: measured.baselineMs.median / size,
      scaling: Math.log(longMs / shortMs) / Math.log(4),
      failed: failed.slice(0, 10),
    },
  });
}
