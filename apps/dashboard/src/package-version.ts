import { createRequire } from "node:module";

const manifest: unknown = createRequire(import.meta.url)("../package.json");

/** This package's version, from its package.json (one folder up from both src/ and dist/). */
export const packageVersion: string =
  typeof manifest === "object" &&
  manifest !== null &&
  "version" in manifest &&
  typeof manifest.version === "string"
    ? manifest.version
    : "0.0.0";
