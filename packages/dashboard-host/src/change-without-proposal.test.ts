import { removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "./test-support/dashboard-sandbox.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({
    files: {
      "openspec/changes/only-tasks/tasks.md": "## 1. Work\n\n- [x] 1.1 Sketch\n- [ ] 1.2 Build\n",
    },
  });
});
afterAll(async () => {
  await sandbox?.close();
  removeTemporaryFolders();
});

describe("GIVEN a change with only tasks.md, as openspec list shows it", () => {
  it("WHEN the board and the change's page are asked for THEN it is on the board with its progress, and its page says it has no proposal yet", async () => {
    const board = await (await fetch(`${sandbox.base}/s/shop`)).text();
    expect(board).toContain('href="/s/shop/changes/only-tasks"');
    expect(board).toContain('<progress value="1" max="2"');
    const response = await fetch(`${sandbox.base}/s/shop/changes/only-tasks`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("No proposal.md yet.");
    expect(page).toContain("Sketch");
  });
});
