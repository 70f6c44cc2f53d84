import {
  type HostOptions,
  type HostUnderTest,
  openCliHost,
  openCliHostInProcess,
  openHermesHost,
  openHttpHost,
  openHttpHost2026,
  openLibraryHost,
  openMcpHost,
  openMcpHost2026,
} from "@org/host-harness";
import { cliToolNames, toolCatalog, toolFailureSchema, toolResultSchema } from "@org/openspec-core";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractCases } from "./cases.js";
import { type HostRun, runCasesThrough } from "./run-cases.js";
import { makeSandbox } from "./sandbox.js";

// The shell CLI in this process, as every case here needs only its answer; the
// gating check below and whole-loop.test.ts go through the bin itself. The MCP
// server runs under both revisions: a 2025 client with a session (`mcp`,
// `http`) and a 2026-07-28 client without one (`mcp-2026`, `http-2026`).
const hosts: Record<string, (options: HostOptions) => Promise<HostUnderTest>> = {
  cli: openCliHostInProcess,
  mcp: openMcpHost,
  hermes: openHermesHost,
  http: openHttpHost,
  "mcp-2026": openMcpHost2026,
  "http-2026": openHttpHost2026,
};

let library: HostRun;
const others: Record<string, HostRun> = {};

// The library runs the table as a user's host does, every CLI run confined (bubblewrap, where the
// machine can); the other hosts run it unconfined. Confinement is the catalog's own setting, read
// from the environment the same way in every host, and a warm worker serves only the confined view
// it started in: the table moves between four repositories, read-only and writable, so confined
// each host started the CLI cold for 17 of its 44 runs and started 10 workers (this file: 72-77 s
// at load 9-11, 37 s this way, run by turns). Each host's answer must still equal the library's, so an unconfined answer that
// differs from the confined one fails here too.
const UNCONFINED = { OPENSPEC_AGENT_CONFINE: "off" };

beforeAll(async () => {
  // Each host gets its own sandbox, so they can run side by side.
  const [libraryRun, ...otherRuns] = await Promise.all([
    runCasesThrough(openLibraryHost),
    ...Object.values(hosts).map((open) => runCasesThrough(open, { env: UNCONFINED })),
  ]);
  library = libraryRun as HostRun;
  for (const run of otherRuns) others[run.host] = run;
}, 600_000);

afterAll(removeTemporaryFolders);

describe.each(contractCases.map((contractCase, index) => ({ ...contractCase, index })))(
  "$tool: $name",
  ({ index, tool, expect: expectation }) => {
    it("GIVEN the core library WHEN called THEN the result matches the case's expectation", () => {
      expect(library.results[index]).toMatchObject(expectation);
    });

    it.each(["library", ...Object.keys(hosts)])(
      "GIVEN the %s host WHEN called THEN the result matches the tool's published output schema",
      (host) => {
        const definition = toolCatalog.find((candidate) => candidate.name === tool);
        // A name outside the catalog can only fail, with the shared failure shape.
        const schema = definition ? toolResultSchema(definition) : toolFailureSchema;
        const result = (host === "library" ? library : others[host])?.results[index];
        const parsed = schema.safeParse(result);
        expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
      },
    );

    it.each(Object.keys(hosts))(
      "GIVEN the %s host WHEN called THEN the result is the library's",
      (host) => {
        expect(others[host]?.normalized[index]).toEqual(library.normalized[index]);
      },
    );
  },
);

describe("gating through every host", () => {
  const everyHost = { library: openLibraryHost, ...hosts, "cli (bin)": openCliHost };

  /** What each host lists as it opens in a sandbox of its own, with or without the OpenSpec CLI. */
  async function listingsOf(
    opens: Record<string, (options: HostOptions) => Promise<HostUnderTest>>,
    cli: boolean,
  ) {
    const sandbox = makeSandbox({ cli });
    return Promise.all(
      Object.entries(opens).map(async ([name, open]) => {
        const host = await open({ env: sandbox.env, cwd: sandbox.home });
        try {
          return [name, (await host.listTools()).sort()] as const;
        } finally {
          await host.close();
        }
      }),
    );
  }

  it.each([true, false])(
    "GIVEN the OpenSpec CLI is present: %s WHEN each host lists its tools THEN all list the same set",
    async (cli) => {
      // With the CLI, the table's hosts listed their tools as they opened, each in a sandbox with
      // the CLI: only the bin, which the table does not run, starts for this.
      const listings = cli
        ? [
            ["library", library.tools] as const,
            ...Object.keys(hosts).map((name) => [name, others[name]?.tools ?? []] as const),
            ...(await listingsOf({ "cli (bin)": openCliHost }, cli)),
          ]
        : await listingsOf(everyHost, cli);
      const expected = cli ? toolCatalog.length : toolCatalog.length - cliToolNames.length;
      expect(listings.map(([name]) => name)).toEqual(Object.keys(everyHost));
      for (const [name, tools] of listings) {
        expect(tools, name).toHaveLength(expected);
        expect(tools, name).toEqual(listings[0]?.[1]);
      }
    },
    120_000,
  );
});
