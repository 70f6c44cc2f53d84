import type { HostUnderTest } from "@org/host-harness";
import { toolCatalog, toolInputJsonSchema } from "@org/openspec-core";
import type { Sandbox } from "../sandbox/make-sandbox.js";
import { registerShop } from "../sandbox/register-shop.js";
import { type FuzzFigures, fuzzTool } from "./fuzz-tool.js";
import { type InputSchema, toolInput } from "./schema-shaped-input.js";

/** Tools that may rename or remove the source the other calls use; it is put back before each of their calls. */
const SOURCE_WRITERS = new Set(["openspec_source_update", "openspec_source_remove"]);

export type CatalogFuzzRequest = {
  host: HostUnderTest;
  sandbox: Sandbox;
  tool: string;
  numRuns: number;
  deadlineMs: number;
  figures: FuzzFigures;
};

/**
 * Fuzzes one catalog tool through a host with inputs made from the tool's own
 * input schema, with the repository registered as `shop`. Resolves with null,
 * or with the first input that broke a rule.
 */
export async function fuzzCatalogTool(request: CatalogFuzzRequest): Promise<string | null> {
  const { sandbox, tool } = request;
  const definition = toolCatalog.find((entry) => entry.name === tool);
  if (definition === undefined) throw new Error(`the catalog has no tool ${tool}`);
  await registerShop(sandbox);
  return fuzzTool({
    ...request,
    input: toolInput(toolInputJsonSchema(definition) as InputSchema, sandbox),
    ...(SOURCE_WRITERS.has(tool) ? { beforeEachCall: () => registerShop(sandbox) } : {}),
  });
}
