import { isWhitespace } from "../lines/whitespace.js";
import { scenarioName } from "../spec/requirement-name.js";
import { fenceFlags } from "./merge-lines.js";

export type ScenarioBalance = {
  missing: string[];
  added: string[];
  currentCount: number;
  incomingCount: number;
};

/** Every `#### ` heading outside a fence is a scenario, whatever its text. */
function scenarioNames(raw: string): string[] {
  const lines = raw.replace(/\r\n?/g, "\n").split("\n");
  const fenced = fenceFlags(lines);
  const names: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (fenced[index] || !line.startsWith("####") || !isWhitespace(line.charCodeAt(4))) continue;
    let start = 5;
    while (start < line.length && isWhitespace(line.charCodeAt(start))) start++;
    names.push(scenarioName(line.slice(start)));
  }
  return names;
}

/** Names on one side beyond the copies the other side has (a name twice against once leaves one). */
function unmatched(names: string[], against: string[]): string[] {
  const remaining = new Map<string, number>();
  for (const name of against) remaining.set(name, (remaining.get(name) ?? 0) + 1);
  return names.filter((name) => {
    const left = remaining.get(name) ?? 0;
    if (left > 0) remaining.set(name, left - 1);
    return left === 0;
  });
}

/** The scenarios a MODIFIED block would drop from the current one, and the ones it brings. */
export function scenarioBalance(currentRaw: string, incomingRaw: string): ScenarioBalance {
  const current = scenarioNames(currentRaw);
  const incoming = scenarioNames(incomingRaw);
  return {
    missing: unmatched(current, incoming),
    added: unmatched(incoming, current),
    currentCount: current.length,
    incomingCount: incoming.length,
  };
}

const LISTED_ADDED = 3;

/** The CLI's sentence on the two counts, appended to its scenario-loss refusal. */
export function describeScenarioBalance(balance: ScenarioBalance): string {
  const count = (value: number) => `${value} ${value === 1 ? "scenario" : "scenarios"}`;
  const scale = `The modified block has ${count(balance.incomingCount)}; the current spec has ${count(balance.currentCount)}.`;
  if (balance.added.length === 0) return `${scale} It adds none.`;
  const listed = balance.added
    .slice(0, LISTED_ADDED)
    .map((name) => `"${name}"`)
    .join(", ");
  const rest = balance.added.length - LISTED_ADDED;
  const names = rest > 0 ? `${listed} and ${rest} more` : listed;
  return `${scale} It adds ${count(balance.added.length)} not in the current spec: ${names}.`;
}
