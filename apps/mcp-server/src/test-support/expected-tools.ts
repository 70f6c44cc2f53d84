import { cliToolNames, toolCatalog } from "@org/openspec-core";

/** Every tool, in the order the catalog lists them. */
export const ALL_TOOLS: readonly string[] = toolCatalog.map((tool) => tool.name);

/** The tools that run the OpenSpec CLI and so are offered only while it is found. */
export const CLI_TOOLS: readonly string[] = cliToolNames;

/** What is offered without a CLI. */
export const FILESYSTEM_TOOLS = ALL_TOOLS.filter((name) => !CLI_TOOLS.includes(name));
