import { readdirSync } from "node:fs";
import { join } from "node:path";

/** The product code under `folder`: its .ts files, without tests and their test-support helpers. */
export function productFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "test-support" ? [] : productFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}
