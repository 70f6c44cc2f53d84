// Run by the build after tsc: records every catalog tool's `inputSchema` and
// `outputSchema` as tools/list shows them, so a server answers its first
// tools/list without building them (see src/recorded-tool-schemas.ts). The
// record replaces dist/tool-schemas-record.js, which from the sources holds
// none; it is built with the same functions a server without it runs.
import { writeFileSync } from "node:fs";
import { coreVersion, toolCatalog } from "@org/openspec-core";
import { listCatalogTool } from "../dist/list-catalog-tool.js";
import { toolSchemasRecord } from "../dist/tool-schemas-record.js";

if (toolSchemasRecord !== undefined) {
  throw new Error("dist/tool-schemas-record.js already holds a record: build from a clean dist/");
}
const tools = {};
for (const tool of toolCatalog) {
  const { inputSchema, outputSchema } = listCatalogTool(tool);
  tools[tool.name] = { inputSchema, outputSchema };
}
const record = JSON.stringify({ coreVersion, tools });
writeFileSync(
  new URL("../dist/tool-schemas-record.js", import.meta.url),
  `// Written by scripts/record-tool-schemas.mjs: every catalog tool's schemas as tools/list shows them.\nexport const toolSchemasRecord = ${JSON.stringify(record)};\n`,
);
