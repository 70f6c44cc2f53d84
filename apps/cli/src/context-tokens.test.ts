import {
  AUTH_SPEC,
  isolatedEnvironment,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  runRealOpenSpec,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runCommand } from "./test-support/run-command.js";

afterEach(removeTemporaryFolders);

async function setUp(files: Record<string, string>) {
  const { env } = isolatedEnvironment();
  const root = makeOpenSpecRepository(files);
  const run = (args: string[]) => runCommand(args, { env, cwd: root });
  expect((await run(["sources", "add", "."])).status).toBe(0);
  return { root, run };
}

const COLLIDING = {
  "openspec/changes/change-5565/proposal.md": "# 5565\n",
  "openspec/changes/change-5767/proposal.md": "# 5767\n",
  "openspec/changes/change-5055/proposal.md": "# 5055\n",
  "openspec/specs/cap-4047/spec.md": AUTH_SPEC,
};

describe("openspec-agent context: a listing hands out a token that does not resolve", () => {
  it("GIVEN artifacts whose six-digit tokens collide WHEN context is shown for people THEN the tables print the longer tokens, and each resolves to its own row", async () => {
    const { run } = await setUp(COLLIDING);
    const shown = await run(["context", "shop"]);
    expect(shown.status).toBe(0);
    expect(shown.stdout).toMatch(/os_cdce7e2\s+change-5055\s/);
    expect(shown.stdout).toMatch(/os_7f7dab1\s+change-5565\s/);
    expect(shown.stdout).toMatch(/os_7f7dabd\s+change-5767\s/);
    expect(shown.stdout).toMatch(/os_cdce7e7\s+cap-4047\/spec\.md/);

    const rows = [...shown.stdout.matchAll(/^(os_[0-9a-f]+)\s+(\S+)/gm)];
    expect(rows).toHaveLength(4);
    for (const [, token, name] of rows) {
      const answer = await run(["context", `shop/${token}`]);
      expect(answer.status, `${token} ${answer.stderr}`).toBe(0);
      // A change opens with its name; a spec is one document, titled `--- <path> <token>`.
      expect(answer.stdout.split("\n")[0]?.replace(/^--- /, "")).toBe(`${name} ${token}`);
    }
  });
});

describe("openspec-agent context: a scaffolded change is invisible", () => {
  it("GIVEN `openspec new change add-export` WHEN context is shown for people THEN the change is listed and shown as scaffolded", async () => {
    const { root, run } = await setUp({});
    expect((await runRealOpenSpec(root, ["new", "change", "add-export"])).status).toBe(0);
    expect((await run(["context", "shop"])).stdout).toMatch(
      /os_[0-9a-f]{6}\s+add-export \(scaffolded\)\s+-/,
    );
    const shown = await run(["context", "shop/add-export"]);
    expect(shown.status).toBe(0);
    expect(shown.stdout.split("\n")[0]).toMatch(/^add-export os_[0-9a-f]{6} \(scaffolded/);
  });
});
