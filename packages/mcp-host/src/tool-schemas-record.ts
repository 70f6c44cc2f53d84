// The catalog's tool schemas as tools/list shows them, recorded by the build:
// `scripts/record-tool-schemas.mjs` writes dist/tool-schemas-record.js in
// place of this file's output, with the JSON text of `ToolSchemasRecord`.
// From the sources there is no record, and every schema is built on first use.

/** Each catalog tool's listed `inputSchema` and `outputSchema`, with the core version they came from. */
export type ToolSchemasRecord = {
  coreVersion: string;
  tools: Record<string, { inputSchema: object; outputSchema: object }>;
};

/** The record's JSON text (parsed on first use), or `undefined` where the build wrote none. */
export const toolSchemasRecord: string | undefined = undefined;
