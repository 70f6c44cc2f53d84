import { execFileSync } from "node:child_process";
import { makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { startSandbox } from "./test-support/dashboard-sandbox.js";

afterAll(() => removeTemporaryFolders());

/** Runs git in `root` with a fixed commit time, as a repository cloned long after its commits. */
function git(root: string, ...args: string[]): void {
  execFileSync(
    "git",
    ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-C", root, ...args],
    {
      stdio: "ignore",
      env: {
        ...process.env,
        GIT_AUTHOR_DATE: "2025-06-01T10:00:00Z",
        GIT_COMMITTER_DATE: "2025-06-01T10:00:00Z",
      },
    },
  );
}

describe("GIVEN a repository whose files all have today's time, as a fresh clone's do", () => {
  it("WHEN its board is opened THEN an active card is dated by the last commit of its folder, and an archived one by its folder's date", async () => {
    const repo = makeOpenSpecRepository(
      {
        "openspec/changes/add-cart/proposal.md": "# Add cart\n\n## Why\n\nPeople buy.\n",
        "openspec/changes/archive/2025-03-04-add-login/proposal.md": "# Add login\n",
      },
      "shop",
    );
    git(repo, "init", "--quiet", "--initial-branch=main");
    git(repo, "add", "-A");
    git(repo, "commit", "--quiet", "-m", "Plan the cart");
    const sandbox = await startSandbox({ repo });
    try {
      const board = await (await fetch(`${sandbox.base}/s/shop`)).text();
      const cardOf = (href: string) =>
        new RegExp(`<a class="card" href="${href}"[\\s\\S]*?</a>`).exec(board)?.[0] ?? "";
      expect(cardOf("/s/shop/changes/add-cart")).toContain(
        '<time datetime="2025-06-01T10:00:00.000Z">2025-06-01</time>',
      );
      expect(cardOf("/s/shop/archive/2025-03-04-add-login")).toContain(
        '<time datetime="2025-03-04">2025-03-04</time>',
      );
    } finally {
      await sandbox.close();
    }
  });
});
