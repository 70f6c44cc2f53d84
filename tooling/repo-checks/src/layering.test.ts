import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { productFiles } from "./product-files.js";
import { REPOSITORY } from "./repository.js";

/** The libraries under core: a host or an app reaches them only through core's public API. */
const LIBRARIES = /@org\/openspec-(artifacts|cli-runner|registry|spec-parser|failure)(?=["/])/;
/** Where a host's or an app's product code lives (tests and their helpers may set up a registry). */
const ABOVE_CORE = [
  "packages/mcp-host/src",
  "packages/hermes-host/src",
  "packages/dashboard-host/src",
  "apps/cli/src",
  "apps/mcp-server/src",
  "apps/dashboard/src",
  "apps/hermes-plugin/src",
];

describe("the layering rule (apps → hosts → core → libraries)", () => {
  it("GIVEN the product code of every host and app WHEN its imports are read THEN none names a library under core: a host uses core's public API only", () => {
    const reaching = ABOVE_CORE.flatMap((folder) =>
      productFiles(join(REPOSITORY, folder)).flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .filter((line) => /\bfrom\s|import\(/.test(line) && LIBRARIES.test(line))
          .map((line) => `${file.slice(REPOSITORY.length + 1)}: ${line.trim()}`),
      ),
    );
    expect(reaching).toEqual([]);
  });
});
