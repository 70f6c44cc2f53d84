import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sdkShimsOnFirstUse } from "@org/bundle";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";

afterEach(removeTemporaryFolders);

type Validator = {
  getValidator(schema: object): (value: unknown) => { valid: boolean; errorMessage?: string };
};

// The bundler's own esbuild, and the SDK as the MCP host resolves it.
const { build } = createRequire(fileURLToPath(import.meta.resolve("@org/bundle")))("esbuild");
const mcpHostFolder = dirname(
  fileURLToPath(import.meta.resolve("@org/openspec-mcp-host/package.json")),
);

/** The SDK's shims as a bundle holds them, built and loaded as the bundles are (CommonJS). */
async function bundledShims(): Promise<{ DefaultJsonSchemaValidator: new () => Validator }> {
  const built = await build({
    stdin: {
      contents: 'export { DefaultJsonSchemaValidator } from "@modelcontextprotocol/server/_shims";',
      resolveDir: mcpHostFolder,
    },
    bundle: true,
    platform: "node",
    format: "cjs",
    write: false,
    logLevel: "silent",
    plugins: [sdkShimsOnFirstUse],
  });
  const file = join(temporaryFolder(), "shims.cjs");
  writeFileSync(file, built.outputFiles[0].text);
  return createRequire(file)(file);
}

describe("the JSON Schema validator of the bundles' SDK shims", () => {
  it("GIVEN a schema WHEN values are checked against it on the validator's first use THEN the SDK's ajv accepts what fits and names what does not", async () => {
    const { DefaultJsonSchemaValidator } = await bundledShims();
    const check = new DefaultJsonSchemaValidator().getValidator({
      type: "object",
      properties: { name: { type: "string" } },
      required: ["name"],
    });
    expect(check({ name: "shop" })).toMatchObject({ valid: true, data: { name: "shop" } });
    const refused = check({ name: 3 });
    expect(refused.valid).toBe(false);
    expect(refused.errorMessage).toContain("name");
  });
});
