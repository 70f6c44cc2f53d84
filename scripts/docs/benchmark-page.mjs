// The benchmark page (docs/benchmarks.md) and the README's performance summary,
// both rendered from docs/benchmarks.json, which `pnpm bench` writes: each
// figure keeps the machine, Node, date and load of the run that measured it, so
// a run of some figures (`--only=mcp-startup`) replaces those and leaves the others.
import { readFileSync, writeFileSync } from "node:fs";
import { kindFigures } from "../../bench/http-load.mjs";
import { resourceSessionRows } from "./resource-session-rows.mjs";

export const BENCHMARKS_DATA = "docs/benchmarks.json";

/** The data file's figures with this run's replacing those of the same id; the tables of a run replace the earlier run's. */
export function mergeBenchmarkRun(recorded, report) {
  const measured = {
    date: report.date,
    node: report.machine.node,
    cpus: report.machine.cpus,
    cpuModel: report.machine.cpuModel,
    loadBefore: report.machine.loadBefore,
    loadAfter: report.machine.loadAfter,
  };
  const ids = new Set(report.results.map((row) => row.id));
  const figures = [
    ...(recorded.figures ?? []).filter((row) => !ids.has(row.id)),
    ...report.results.map((row) => ({ ...row, measured })),
  ].sort((a, b) => figureOrder(a.id) - figureOrder(b.id));
  const table = (name, rows) => (rows === undefined ? recorded[name] : { measured, rows });
  return {
    figures,
    httpLoad: table("httpLoad", report.httpLoad),
    resourceSessions: table("resourceSessions", report.resourceSessions),
    contextTokens: table("contextTokens", report.contextTokens),
    notes: report.notes.length > 0 ? report.notes : (recorded.notes ?? []),
  };
}

/**
 * Every benchmark `pnpm bench` runs, by the name `--only` takes, in the order of
 * the benchmark page; http-load and resource-sessions are tables of their own.
 */
export const BENCHMARK_IDS = [
  "warm-cli-call",
  "cli-call-bursts",
  "concurrent-cli-calls",
  "warm-cli-call-unconfined",
  "cold-cli-call",
  "context-speed",
  "context-size",
  "spec-parser-speed",
  "pathological-lines",
  "mcp-startup",
  "mcp-startup-2026-discover",
  "mcp-startup-2026-tools-list",
  "mcp-sdk-alone-startup",
  "bridge-round-trip",
  "shell-cli-context",
  "http-load",
  "context-tokens",
  "resource-sessions",
  "native-list",
  "native-list-floor",
  "validate-after-write",
];

/** A figure's place on the page: as BENCHMARK_IDS lists it, a name it does not know last. */
function figureOrder(id) {
  const place = BENCHMARK_IDS.indexOf(id);
  return place === -1 ? BENCHMARK_IDS.length : place;
}

export function readBenchmarkData(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return { figures: [] };
  }
}

export function writeBenchmarkData(path, data) {
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
}

/** A figure's value in its unit, as the bench prints it. */
export function formatFigure(value, unit) {
  if (value === null || value === undefined || Number.isNaN(value)) return "–";
  if (unit === "bytes") return `${(value / 1024).toFixed(1)} KB`;
  if (unit === "ms") return `${value.toFixed(2)} ms`;
  if (unit === "×") return `${value.toFixed(2)}×`;
  if (unit === "tokens") return `${value} tokens`;
  return value < 1 ? value.toFixed(3) : value.toFixed(2);
}

const cell = (text) => String(text).replaceAll("|", "\\|").replaceAll("\n", " ");
const when = (measured) =>
  `${measured.date.slice(0, 10)}, Node ${measured.node.replace(/^v/, "")}, load ${measured.loadBefore[0].toFixed(1)}→${measured.loadAfter[0].toFixed(1)}`;
const target = (row) =>
  `${row.target.at === "most" ? "≤" : "≥"} ${formatFigure(row.target.value, row.unit)}`;

function markdownTable(header, rows) {
  return [
    `| ${header.map(cell).join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...rows.map((row) => `| ${row.map(cell).join(" | ")} |`),
  ].join("\n");
}

/** Rows printed by console.table: an array of objects, or an object of objects keyed by row name. */
function objectTable(rows) {
  const entries = Array.isArray(rows) ? rows.map((row) => [null, row]) : Object.entries(rows);
  const keys = [...new Set(entries.flatMap(([, row]) => Object.keys(row)))];
  const named = entries.some(([name]) => name !== null);
  return markdownTable(
    named ? ["", ...keys] : keys,
    entries.map(([name, row]) => [...(named ? [name] : []), ...keys.map((key) => row[key] ?? "")]),
  );
}

/** The README's summary: each figure, its target and whether it is met, linking to the page. */
export function renderBenchmarkSummary(data) {
  if (data.figures.length === 0) return "No figures recorded yet: run `pnpm bench`.";
  return markdownTable(
    ["figure", "what", "median", "target", "met"],
    data.figures.map((row) => [
      row.id,
      row.title.replace(/ \([^()]*\)$/, ""),
      formatFigure(row.value, row.unit),
      target(row),
      row.met ? "yes" : "no",
    ]),
  );
}

/** The whole generated part of docs/benchmarks.md. */
export function renderBenchmarkPage(data) {
  const runs = new Map();
  for (const row of data.figures) runs.set(row.measured.date, row.measured);
  for (const name of ["httpLoad", "resourceSessions", "contextTokens"]) {
    if (data[name]) runs.set(data[name].measured.date, data[name].measured);
  }
  const parts = [
    "### Figures",
    "",
    markdownTable(
      ["figure", "compared", "median (p25–p75)", "range", "target", "met", "measured"],
      data.figures.map((row) => [
        row.id,
        row.title,
        `${formatFigure(row.value, row.unit)}${row.spread ? ` (${formatFigure(row.spread.p25, row.unit)}–${formatFigure(row.spread.p75, row.unit)})` : ""}`,
        row.spread
          ? `${formatFigure(row.spread.min, row.unit)}–${formatFigure(row.spread.max, row.unit)}`
          : "",
        target(row),
        row.met ? "yes" : "no",
        when(row.measured),
      ]),
    ),
    "",
    "### Runs",
    "",
    markdownTable(
      ["date (UTC)", "Node", "CPUs", "load before", "load after"],
      [...runs.values()]
        .sort((a, b) => a.date.localeCompare(b.date))
        .map((run) => [
          run.date.slice(0, 16).replace("T", " "),
          run.node,
          `${run.cpus}${run.cpuModel ? ` × ${run.cpuModel}` : ""}`,
          run.loadBefore.map((load) => load.toFixed(2)).join(" "),
          run.loadAfter.map((load) => load.toFixed(2)).join(" "),
        ]),
    ),
  ];
  if (data.httpLoad) {
    parts.push(
      "",
      "### http-load: sessions of the team HTTP server",
      "",
      `Measured ${when(data.httpLoad.measured)}. Cheap calls: status, one-change validate, context by token; whole repository: list, validate everything; writes: tick a task, rewrite design.md.`,
      "",
      objectTable(
        data.httpLoad.rows.flatMap((row) =>
          kindFigures(row).map((figures) => ({
            // Rows measured before 2026-07-28 clients existed are 2025 clients' (sessions).
            revision: row.revision ?? "2025-11-25",
            changes: row.changes,
            sessions: row.sessions,
            ...figures,
          })),
        ),
      ),
    );
  }
  if (data.resourceSessions) {
    const figures = data.resourceSessions.rows;
    parts.push(
      "",
      "### resource-sessions: MCP sessions listing and subscribing to resources",
      "",
      `Measured ${when(data.resourceSessions.measured)}: ${figures.sessions} sessions, ${figures.resources} resources, ${figures.subscribed} subscriptions.`,
      "",
      markdownTable(["", ""], resourceSessionRows(figures)),
    );
  }
  if (data.contextTokens) {
    parts.push(
      "",
      "### context-tokens: tokens each host puts in front of a model (o200k)",
      "",
      `Measured ${when(data.contextTokens.measured)}; token counts do not depend on load.`,
      "",
      objectTable(data.contextTokens.rows),
    );
  }
  if ((data.notes ?? []).length > 0) {
    parts.push("", "### Notes of the last run", "", ...data.notes.map((note) => `- ${note}`));
  }
  return parts.join("\n");
}
