import { basename } from "node:path";
import type { SourceRow } from "./schema.js";
import type { Source } from "./source.js";

export function toSource(row: SourceRow): Source {
  return {
    token: row.token,
    name: row.name,
    path: row.path,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    displayName: row.name ?? (basename(row.path) || row.path),
  };
}
