import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A stand-in `@fission-ai/openspec` package laid out like the real one:
 * `bin/openspec.js` imports `dist/cli/index.js` and calls `runCli()`. `cli` is
 * the body of that module and must export `runCli(argv)`. Returns the bin path.
 */
export function writeFakeOpenSpecPackage(root: string, cli: string): string {
  mkdirSync(join(root, "bin"), { recursive: true });
  mkdirSync(join(root, "dist", "cli"), { recursive: true });
  writeFileSync(
    join(root, "package.json"),
    JSON.stringify({
      name: "@fission-ai/openspec",
      version: "0.0.0-fake",
      type: "module",
      bin: { openspec: "./bin/openspec.js" },
    }),
  );
  writeFileSync(join(root, "dist", "cli", "index.js"), cli);
  const bin = join(root, "bin", "openspec.js");
  writeFileSync(
    bin,
    "#!/usr/bin/env node\nimport { runCli } from '../dist/cli/index.js';\nrunCli();\n",
  );
  chmodSync(bin, 0o755);
  return bin;
}
