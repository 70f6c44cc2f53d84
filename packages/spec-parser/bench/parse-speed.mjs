// Measures parseSpec on a generated 200-requirement spec: `pnpm build && node bench/parse-speed.mjs`.
import { parseSpec, stringifySpec } from "../dist/index.js";

const REQUIREMENTS = 200;
const spec = stringifySpec({
  title: "Bench",
  purpose:
    "A spec large enough to show the parser's cost per requirement, written by stringifySpec.",
  requirements: Array.from({ length: REQUIREMENTS }, (_, index) => ({
    name: `Requirement number ${index}`,
    text: `The system SHALL handle case ${index} without delay.\nIt MUST keep \`state\` consistent.`,
    scenarios: Array.from({ length: 3 }, (_, scenario) => ({
      name: `Scenario ${scenario}`,
      steps: [
        { type: "GIVEN", text: `a prepared input ${scenario}` },
        { type: "WHEN", text: "the parser reads it" },
        { type: "THEN", text: "the result matches **exactly**" },
        { type: "AND", text: "nothing is copied twice" },
      ],
    })),
  })),
});

for (let warm = 0; warm < 200; warm++) parseSpec(spec);
const rounds = 1000;
const started = process.hrtime.bigint();
for (let round = 0; round < rounds; round++) parseSpec(spec);
const perParseMs = Number(process.hrtime.bigint() - started) / 1e6 / rounds;
console.log(
  JSON.stringify({
    requirements: REQUIREMENTS,
    lines: spec.split("\n").length,
    bytes: spec.length,
    msPerParse: Number(perParseMs.toFixed(3)),
    microsecondsPerRequirement: Number(((perParseMs * 1000) / REQUIREMENTS).toFixed(2)),
  }),
);
