import { readdirSync } from "node:fs";
import { isolatedEnvironment, removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runBin } from "./test-support/run-bin.js";

afterEach(removeTemporaryFolders);

describe("openspec-agent --db with a PostgreSQL URL", () => {
  it("GIVEN --db naming a PostgreSQL server nobody runs WHEN sources are listed THEN the answer is registry_unreachable naming that server, and no file is made under the working folder", () => {
    const { env, home } = isolatedEnvironment();
    const socketFolder = temporaryFolder("no-postgres-");
    const url = `postgresql://postgres@/openspec?host=${encodeURIComponent(socketFolder)}`;

    const run = runBin(["--db", url, "sources", "list", "--json"], { env, cwd: home });

    expect(JSON.parse(run.stdout)).toEqual(
      expect.objectContaining({ ok: false, code: "registry_unreachable" }),
    );
    expect(readdirSync(home)).not.toContain("postgresql:");
  });
});
