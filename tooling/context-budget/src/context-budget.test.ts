import { readFileSync } from "node:fs";
import { createCatalog } from "@org/openspec-core";
import { isolatedEnvironment, REAL_OPENSPEC_BIN, removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONTEXT_BUDGET,
  CONTEXT_TARGETS,
  DEFAULT_SHARE_OF_ANCHOR,
  LOOP_TOOLS,
} from "./context-budget.js";
import { measureHermesOpenspecSchemas } from "./hermes-openspec-anchor.js";
import { measureToolSurfaces, type ToolSurfaces } from "./measure-tool-surfaces.js";

let surfaces: ToolSurfaces;

beforeAll(async () => {
  const { env } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
  const catalog = createCatalog({ env });
  try {
    surfaces = await measureToolSurfaces(catalog);
  } finally {
    catalog.close();
  }
}, 120_000);
afterAll(removeTemporaryFolders);

const mcp = (selection: string) => {
  const found = surfaces.mcp.find((surface) => surface.selection === selection);
  if (found === undefined) throw new Error(`no ${selection} surface was measured`);
  return found;
};

describe("the context budget: what a session costs before its first call (o200k tokens)", () => {
  it("GIVEN the default toolsets WHEN an MCP client lists the tools THEN name, description and input schema, and the whole answer, stay within the budget", () => {
    expect(mcp("default").tools).toBeGreaterThan(0);
    expect(mcp("default").tools).toBeLessThan(mcp("all").tools);
    expect(mcp("default").nameDescriptionInput.tokens).toBeLessThanOrEqual(
      CONTEXT_BUDGET.defaultTools,
    );
    expect(mcp("default").listMessage.tokens).toBeLessThanOrEqual(
      CONTEXT_BUDGET.defaultListMessage,
    );
  });

  it("GIVEN every toolset WHEN an MCP client lists the tools THEN the full tools/list, and its output schemas alone, stay within the budget", () => {
    expect(mcp("all").nameDescriptionInput.tokens).toBeLessThanOrEqual(CONTEXT_BUDGET.allTools);
    expect(mcp("all").listMessage.tokens).toBeLessThanOrEqual(CONTEXT_BUDGET.allListMessage);
    expect(mcp("all").outputSchemas.tokens).toBeLessThanOrEqual(CONTEXT_BUDGET.allOutputSchemas);
  });

  it("GIVEN every toolset and a server started with --no-output-schemas WHEN an MCP client lists the tools THEN the whole answer stays within the budget and meets the target, smaller than with output schemas by about their size", () => {
    const all = mcp("all");
    expect(all.listMessageWithoutOutputSchemas.tokens).toBeLessThanOrEqual(
      CONTEXT_BUDGET.allListMessageWithoutOutputSchemas,
    );
    expect(all.listMessageWithoutOutputSchemas.tokens).toBeLessThanOrEqual(
      CONTEXT_TARGETS.allListMessage,
    );
    // What is left out is the output schemas: the difference is their size, within the JSON around each.
    const saved = all.listMessage.tokens - all.listMessageWithoutOutputSchemas.tokens;
    expect(Math.abs(saved - all.outputSchemas.tokens)).toBeLessThan(all.tools * 10);
  });

  it("GIVEN the Hermes plugin WHEN it registers every toolset THEN its schemas stay within the budget, and each Hermes toolset costs less than all", () => {
    const [all, ...groups] = surfaces.hermes;
    expect(all?.toolset).toBe("all");
    expect(all?.schemas.tokens).toBeLessThanOrEqual(CONTEXT_BUDGET.hermesSchemas);
    expect(groups.map((group) => group.toolset)).toEqual([
      "openspec-read",
      "openspec-author",
      "openspec-specs",
      "openspec-ideas",
      "openspec-lifecycle",
      "openspec-sequencing",
      "openspec-sources",
      "openspec-cli",
    ]);
    for (const group of groups) expect(group.schemas.tokens).toBeLessThan(all?.schemas.tokens ?? 0);
  });

  it("GIVEN the server WHEN a client lists prompts and reads the instructions THEN both stay within the budget", () => {
    expect(surfaces.prompts.tokens).toBeGreaterThan(0);
    expect(surfaces.prompts.tokens).toBeLessThanOrEqual(CONTEXT_BUDGET.prompts);
    expect(surfaces.instructions.tokens).toBeGreaterThan(0);
    expect(surfaces.instructions.tokens).toBeLessThanOrEqual(CONTEXT_BUDGET.instructions);
  });

  it("GIVEN each toolset's list WHEN they are added up THEN they make the whole list: the toolsets split the catalog, and tokens are counted, not bytes", () => {
    const perToolset = surfaces.mcp.filter(
      (s) => s.selection !== "default" && s.selection !== "all",
    );
    const summed = perToolset.reduce((sum, s) => sum + s.nameDescriptionInput.tokens, 0);
    // The toolsets split the catalog: their lists add up to the whole one, within the JSON brackets of each.
    expect(Math.abs(summed - mcp("all").nameDescriptionInput.tokens)).toBeLessThan(
      perToolset.length * 2,
    );
    expect(mcp("all").nameDescriptionInput.tokens).toBeLessThan(
      mcp("all").nameDescriptionInput.bytes,
    );
  });
});

/** The loop's steps none of whose tools `names` holds. */
const missingSteps = (names: readonly string[]) =>
  Object.entries(LOOP_TOOLS)
    .filter(([, tools]) => !tools.some((tool) => names.includes(tool)))
    .map(([step]) => step);

describe("the default tool surface: the whole loop for at most 0.6 of hermes-openspec's catalog", () => {
  // The anchor measured from its schemas.py when HERMES_OPENSPEC_SCHEMAS names it, else the recorded 4,205.
  const anchor = () => measureHermesOpenspecSchemas(process.env.HERMES_OPENSPEC_SCHEMAS);

  it("GIVEN an MCP server started with no settings WHEN a client lists the tools THEN every step of the loop is there, for at most 0.6 of the anchor", () => {
    const surface = mcp("default");
    expect(missingSteps(surface.names)).toEqual([]);
    expect(surface.nameDescriptionInput.tokens).toBeLessThanOrEqual(
      Math.floor(anchor().tokens * DEFAULT_SHARE_OF_ANCHOR),
    );
  });

  it("GIVEN the Hermes plugin as hermes install leaves it WHEN Hermes registers its toolsets THEN every step of the loop is there, for at most 0.6 of the anchor", () => {
    const surface = surfaces.hermesDefault;
    expect(missingSteps(surface.names)).toEqual([]);
    expect(surface.schemas.tokens).toBeLessThanOrEqual(
      Math.floor(anchor().tokens * DEFAULT_SHARE_OF_ANCHOR),
    );
    // The same tools as an MCP client's default: one definition, every host.
    expect([...surface.names].sort()).toEqual([...mcp("default").names].sort());
  });
});

/** The context-tokens rows `pnpm bench` recorded in docs/benchmarks.json (the benchmark page is generated from them). */
function recordedContextRows(): { surface: string; tokens: number }[] {
  const data = JSON.parse(
    readFileSync(new URL("../../../docs/benchmarks.json", import.meta.url), "utf8"),
  );
  const rows = data.contextTokens?.rows;
  if (!Array.isArray(rows)) {
    throw new Error(
      "docs/benchmarks.json has no context-tokens figures: run node scripts/bench.mjs --only=context-tokens",
    );
  }
  return rows;
}

describe("the benchmark page's context figures", () => {
  it("GIVEN the context-tokens figures docs/benchmarks.md shows WHEN the surfaces are measured again THEN each says what is sent today (else run node scripts/bench.mjs --only=context-tokens)", () => {
    const rows = recordedContextRows();
    const recorded = (surface: string) => {
      const found = rows.find((row) => row.surface === surface);
      if (found === undefined) {
        throw new Error(
          `docs/benchmarks.json has no context-tokens row "${surface}": run node scripts/bench.mjs --only=context-tokens`,
        );
      }
      return found.tokens;
    };
    for (const surface of surfaces.mcp) {
      expect(
        recorded(`MCP tools/list ${surface.selection}: name + description + input schema`),
        `${surface.selection}: run node scripts/bench.mjs --only=context-tokens`,
      ).toBe(surface.nameDescriptionInput.tokens);
    }
    expect(recorded("MCP instructions")).toBe(surfaces.instructions.tokens);
    expect(recorded("MCP prompts/list")).toBe(surfaces.prompts.tokens);
    for (const surface of surfaces.hermes) {
      expect(recorded(`Hermes schemas ${surface.toolset} (${surface.tools} tools)`)).toBe(
        surface.schemas.tokens,
      );
    }
  });
});
