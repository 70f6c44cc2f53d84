import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { REPOSITORY } from "./repository.js";

type Rows = [string, string][];
type Page = { renderBenchmarkPage: (data: unknown) => string };
type RowsOf = { resourceSessionRows: (figures: unknown, options?: { atRest?: boolean }) => Rows };

const load = async <T>(file: string) =>
  (await import(pathToFileURL(join(REPOSITORY, file)).href)) as T;

/** resource-sessions figures as `pnpm bench` records them. */
const FIGURES = {
  sessions: 50,
  resources: 5000,
  subscribed: 1000,
  rssWithSessionsMb: 120.4,
  peakRssMb: 180.6,
  growthMb: 60.2,
  eventLoopMaxMs: 33.3,
  alone: { eventLoopMaxMs: 12.1 },
  healthzDuringListings: { medianMs: 4.2, maxMs: 55.5 },
  healthzAtRestMs: 1.2,
  watchesWithSessions: 12,
  watchesAfterClose: 0,
};

describe("the resource-sessions table, drawn once for the bench's console and the benchmark page", () => {
  it("GIVEN recorded resource-sessions figures WHEN the benchmark page is rendered THEN its table holds the rows the bench prints, without /healthz at rest", async () => {
    const { renderBenchmarkPage } = await load<Page>("scripts/docs/benchmark-page.mjs");
    const { resourceSessionRows } = await load<RowsOf>("scripts/docs/resource-session-rows.mjs");
    const measured = {
      date: "2026-12-06T10:00:00Z",
      node: "v22.23.5",
      loadBefore: [3],
      loadAfter: [4],
    };
    const page = renderBenchmarkPage({
      figures: [],
      resourceSessions: { measured, rows: FIGURES },
      notes: [],
    });
    expect(page).toContain(
      [
        "| server RSS with the sessions open | 120 MB |",
        "| its peak while they list and subscribe | 181 MB (+60 MB) |",
        "| longest event-loop block | 33 ms (one session alone: 12 ms) |",
        "| /healthz while they list | median 4 ms, max 56 ms |",
        "| inotify watches | 12 with the sessions, 0 after they closed |",
      ].join("\n"),
    );
    expect(resourceSessionRows(FIGURES, { atRest: true })[3]).toEqual([
      "/healthz while they list",
      "median 4 ms, max 56 ms (1 ms at rest)",
    ]);
  });
});
