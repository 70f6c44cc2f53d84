import { readPackageVersion } from "./read-package-version.js";

/**
 * This package's version: hosts that record what they derive from the
 * catalog at build time (the MCP server's tool schemas) check it before using
 * the record. The bundler writes it out in place of this file.
 */
export const packageVersion: string = readPackageVersion(import.meta.url);
