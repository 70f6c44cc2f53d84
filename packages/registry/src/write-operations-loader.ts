import { createRequire } from "node:module";
import type * as WriteOperations from "./write-operations.js";

let loaded: typeof WriteOperations | undefined;

/**
 * The registry's writes, which query through drizzle, loaded on the first
 * write. Loading drizzle cost a short read-only command (`openspec-agent
 * sources list`) about 13 ms of CPU (see the README), and the API is
 * synchronous, so they are loaded with `require()`: a bundle's own `require`,
 * which esbuild turns into running the bundled module on first use, or else
 * Node's, which loads this ES module synchronously (Node 22.12 and later).
 */
export function writeOperations(): typeof WriteOperations {
  loaded ??= (
    typeof require === "function"
      ? require("./write-operations.js")
      : createRequire(import.meta.url)("./write-operations.js")
  ) as typeof WriteOperations;
  return loaded;
}

/** For a runner that loads this package from TypeScript, which `require()` cannot (the package's own tests). */
export function provideWriteOperations(operations: typeof WriteOperations): void {
  loaded = operations;
}
