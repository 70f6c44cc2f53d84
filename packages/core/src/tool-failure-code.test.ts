import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ArtifactFailureCode } from "@org/openspec-artifacts";
import type { ArgsFailureCode, LocateFailureCode, RunFailureCode } from "@org/openspec-cli-runner";
import type { RegistryFailureCode } from "@org/openspec-registry";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import type {
  CoreFailureCode,
  HostFailureCode,
  ToolFailure,
  ToolFailureCode,
  WorkflowFailureCode,
} from "./index.js";
import { cleanUp, makeCatalog } from "./test-support/fixture.js";
import { toolFailure } from "./tool-result.js";

describe("one failure type through the stack", () => {
  afterEach(cleanUp);

  it("GIVEN each package's code union WHEN it meets ToolFailure's code THEN every one is accepted", () => {
    expectTypeOf<RegistryFailureCode>().toExtend<ToolFailure["code"]>();
    expectTypeOf<RunFailureCode>().toExtend<ToolFailure["code"]>();
    expectTypeOf<LocateFailureCode>().toExtend<ToolFailure["code"]>();
    expectTypeOf<ArgsFailureCode>().toExtend<ToolFailure["code"]>();
    expectTypeOf<ArtifactFailureCode>().toExtend<ToolFailure["code"]>();
    expectTypeOf<CoreFailureCode>().toExtend<ToolFailure["code"]>();
    expectTypeOf<HostFailureCode>().toExtend<ToolFailure["code"]>();
    expectTypeOf<WorkflowFailureCode>().toExtend<ToolFailure["code"]>();
    expectTypeOf<ToolFailure["code"]>().toEqualTypeOf<ToolFailureCode>();
  });

  it("GIVEN a code no package defines WHEN it is used as a tool failure's code THEN it does not type-check", () => {
    expectTypeOf<"no_such_failure">().not.toExtend<ToolFailure["code"]>();
    expectTypeOf<string>().not.toExtend<ToolFailure["code"]>();
    // @ts-expect-error an unknown code is refused at the call
    const made = toolFailure("no_such_failure", "Never returned.");
    expect(made.ok).toBe(false);
  });

  it("GIVEN no OpenSpec CLI WHEN a host asks the catalog for the CLI's status THEN the failure says error and fix, and carries no message", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const status = await catalog.cliStatus();
    expect(status).toMatchObject({
      ok: false,
      code: "openspec_not_found",
      error: expect.stringContaining("No executable openspec CLI was found"),
      fix: expect.any(String),
    });
    expect(status).not.toHaveProperty("message");
    const availability = await catalog.availability();
    const needsCli = availability.find((entry) => entry.tool.requiresCli);
    expect(needsCli?.reason).toBe(status.ok ? null : status.error);
  });

  it("GIVEN a registry file that is not SQLite WHEN a tool needs the registry THEN the registry's error reaches the result unchanged, with no message", async () => {
    const { home } = makeCatalog({ cli: false });
    const file = join(home, "broken.db");
    writeFileSync(file, "this is not an SQLite database, only some text long enough to read");
    const { catalog: broken } = makeCatalog({ cli: false, catalog: { registryPath: file, home } });
    const result = await broken.call("openspec_source_list", {});
    expect(result).toMatchObject({
      ok: false,
      code: "registry_unreadable",
      error: expect.stringContaining(file),
      fix: expect.any(String),
    });
    expect(result).not.toHaveProperty("message");
  });
});
