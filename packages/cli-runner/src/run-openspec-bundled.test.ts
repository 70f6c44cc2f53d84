import { describe, expect, it } from "vitest";
import { runOpenSpec } from "./run-openspec.js";
import { REAL_CLI } from "./test-support/real-cli.js";
import { useRealCliRepo } from "./test-support/real-cli-fixture.js";

describe("the OpenSpec CLI installed with the runner", () => {
  const fixture = useRealCliRepo();

  it("GIVEN an empty PATH and no OPENSPEC_BIN WHEN running list without a bin THEN the bundled CLI runs under this Node and answers", async () => {
    const result = await runOpenSpec({
      args: ["list", "--json"],
      workdir: fixture.repo,
      env: { HOME: fixture.sandbox.home, PATH: "", OPENSPEC_TELEMETRY: "0" },
    });
    expect(result).toMatchObject({
      ok: true,
      exit_code: 0,
      command: [process.execPath, REAL_CLI, "list", "--json"],
      stdout: { changes: [] },
    });
  });
});
