// Everything that queries through drizzle, in one module that
// write-operations-loader.ts loads on the first write.
export { addSource } from "./add-source.js";
export { applyMigrations } from "./apply-migrations.js";
export { deleteAccessToken } from "./delete-access-token.js";
export { importSourceRow } from "./import-source-row.js";
export { insertAccessToken } from "./insert-access-token.js";
export { removeSource } from "./remove-source.js";
export { touchLastUsed } from "./touch-last-used.js";
export { updateSource } from "./update-source.js";
