import {
  type Door,
  type DoorOptions,
  openCliDoor,
  openCliDoorInProcess,
  openHermesDoor,
  openHttpDoor,
  openLibraryDoor,
  openMcpDoor,
} from "@org/host-doors";
import { cliToolNames, toolCatalog, toolFailureSchema, toolResultSchema } from "@org/openspec-core";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractCases } from "./cases.js";
import { type DoorRun, runCasesThrough } from "./run-cases.js";
import { makeSandbox } from "./sandbox.js";

// The shell CLI in this process, as every case here needs only its answer; the
// gating check below and whole-loop.test.ts go through the bin itself.
const doors: Record<string, (options: DoorOptions) => Promise<Door>> = {
  cli: openCliDoorInProcess,
  mcp: openMcpDoor,
  hermes: openHermesDoor,
  http: openHttpDoor,
};

let library: DoorRun;
const others: Record<string, DoorRun> = {};

beforeAll(async () => {
  // Each door gets its own sandbox, so they can run side by side.
  const [libraryRun, ...otherRuns] = await Promise.all([
    runCasesThrough(openLibraryDoor),
    ...Object.values(doors).map((open) => runCasesThrough(open)),
  ]);
  library = libraryRun as DoorRun;
  for (const run of otherRuns) others[run.door] = run;
}, 600_000);

afterAll(removeTemporaryFolders);

describe.each(contractCases.map((contractCase, index) => ({ ...contractCase, index })))(
  "$tool: $name",
  ({ index, tool, expect: expectation }) => {
    it("GIVEN the core library WHEN called THEN the result matches the case's expectation", () => {
      expect(library.results[index]).toMatchObject(expectation);
    });

    it.each(["library", ...Object.keys(doors)])(
      "GIVEN the %s door WHEN called THEN the result matches the tool's published output schema",
      (door) => {
        const definition = toolCatalog.find((candidate) => candidate.name === tool);
        // A name outside the catalog can only fail, with the shared failure shape.
        const schema = definition ? toolResultSchema(definition) : toolFailureSchema;
        const result = (door === "library" ? library : others[door])?.results[index];
        const parsed = schema.safeParse(result);
        expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
      },
    );

    it.each(Object.keys(doors))(
      "GIVEN the %s door WHEN called THEN the result is the library's",
      (door) => {
        expect(others[door]?.normalized[index]).toEqual(library.normalized[index]);
      },
    );
  },
);

describe("gating through every door", () => {
  const everyDoor = { library: openLibraryDoor, ...doors, "cli (bin)": openCliDoor };

  it.each([true, false])(
    "GIVEN the OpenSpec CLI is present: %s WHEN each door lists its tools THEN all list the same set",
    async (cli) => {
      const sandbox = makeSandbox({ cli });
      const listings = await Promise.all(
        Object.entries(everyDoor).map(async ([name, open]) => {
          const door = await open({ env: sandbox.env, cwd: sandbox.home });
          try {
            return [name, (await door.listTools()).sort()] as const;
          } finally {
            await door.close();
          }
        }),
      );
      const expected = cli ? toolCatalog.length : toolCatalog.length - cliToolNames.length;
      for (const [name, tools] of listings) {
        expect(tools, name).toHaveLength(expected);
        expect(tools, name).toEqual(listings[0]?.[1]);
      }
    },
    120_000,
  );
});
