import type { ToolSuccess } from "@org/openspec-core";

/**
 * What the shell prints: a tool's result, or a host's (the Hermes installer's
 * and import's), whose failure codes are that host's own rather than the catalog's.
 */
export type PrintedResult =
  | ToolSuccess
  | ({ ok: false; code: string; error: string; fix?: string } & Record<string, unknown>);
