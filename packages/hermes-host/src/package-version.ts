import { readPackageVersion } from "@org/openspec-core/startup";

/** This package's version; the bundler writes it out in place of this file. */
export const packageVersion: string = readPackageVersion(import.meta.url);
