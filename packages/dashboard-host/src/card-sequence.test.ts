import { makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { startSandbox } from "./test-support/dashboard-sandbox.js";

afterAll(() => removeTemporaryFolders());

const proposal = (title: string) => `# ${title}\n\n## Why\n\nIt is needed.\n`;

describe("GIVEN changes ordered in a sequence, the last needing the first", () => {
  it("WHEN the board is opened THEN each card shows its place, and the waiting one names what it waits for", async () => {
    const repo = makeOpenSpecRepository(
      {
        "openspec/changes/phase-one/proposal.md": proposal("Phase one"),
        "openspec/changes/phase-one/.openspec.yaml":
          "schema: spec-driven\nsequence:\n  group: rollout\n  position: 1\n",
        "openspec/changes/final-proof/proposal.md": proposal("Final proof"),
        "openspec/changes/final-proof/.openspec.yaml":
          "schema: spec-driven\nsequence:\n  group: rollout\n  position: 2\n  depends_on: [phase-one]\n",
        "openspec/changes/loose-end/proposal.md": proposal("Loose end"),
      },
      "shop",
    );
    const sandbox = await startSandbox({ repo });
    try {
      const board = await (await fetch(`${sandbox.base}/s/shop`)).text();
      const cardOf = (name: string) =>
        new RegExp(`<a class="card" href="/s/shop/changes/${name}"[\\s\\S]*?</a>`).exec(
          board,
        )?.[0] ?? "";
      expect(cardOf("phase-one")).toContain('<span class="order">rollout #1</span>');
      expect(cardOf("final-proof")).toContain(
        '<span class="order blocked">rollout #2 · waits for phase-one</span>',
      );
      expect(cardOf("loose-end")).not.toContain('class="order');
    } finally {
      await sandbox.close();
    }
  });
});
