import { fileURLToPath } from "node:url";

/**
 * The folder holding Fission-AI/OpenSpec's own `openspec/` (specs and active
 * changes), read-only: copy it before running anything that writes.
 */
export const fissionOpenSpecFixture = fileURLToPath(
  new URL("../fixtures/fission-openspec/", import.meta.url),
);
