import { makeOpenSpecRepository } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";

afterEach(cleanUp);

const scenario = (name: string) =>
  `#### Scenario: ${name}\n- **WHEN** a shopper checks out\n- **THEN** the order is placed\n`;

/** A long spec: forty requirements, each with a paragraph and a scenario, and a code block holding `#` lines. */
const LONG_SPEC = [
  "# Checkout Specification\n",
  "## Purpose\nHow shoppers pay for what is in their cart, from the cart page to the receipt.\n",
  "## Requirements\n",
  ...Array.from(
    { length: 40 },
    (_, index) =>
      `### Requirement: Step ${index + 1}\nThe system SHALL handle step ${index + 1}. ${"It explains at length. ".repeat(40)}\n\n${scenario(`Step ${index + 1} works`)}`,
  ),
  "```sh\n# not a heading: a comment in a code block\n## neither is this\n```\n",
].join("\n");

describe("openspec_context with detail summary on one spec or change", () => {
  it("GIVEN a long spec WHEN its context is asked with detail summary THEN the answer holds its headings only, every requirement and scenario named, in a fraction of the whole, and says it is an outline", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository({ "openspec/specs/checkout/spec.md": LONG_SPEC }, "shop");
    await catalog.call("openspec_source_add", { path: root });

    const whole = await catalog.call("openspec_context", { identifier: "shop/checkout" });
    const outline = await catalog.call("openspec_context", {
      identifier: "shop/checkout",
      detail: "summary",
    });

    expect(whole).toMatchObject({ ok: true, spec: { id: "checkout", content: LONG_SPEC } });
    expect(whole).not.toHaveProperty("spec.outline");
    expect(outline).toMatchObject({ ok: true, spec: { id: "checkout", outline: true } });
    const lines = (outline as unknown as { spec: { content: string } }).spec.content.split("\n");
    expect(lines.slice(0, 5)).toEqual([
      "# Checkout Specification",
      "## Purpose",
      "## Requirements",
      "### Requirement: Step 1",
      "#### Scenario: Step 1 works",
    ]);
    expect(lines).toHaveLength(3 + 40 * 2);
    expect(lines).not.toContain("# not a heading: a comment in a code block");
    expect(JSON.stringify(outline).length).toBeLessThan(JSON.stringify(whole).length / 5);
  });

  it("GIVEN an active change WHEN its context is asked with detail summary THEN the proposal, tasks, design and each delta spec are their headings, and the task progress stays", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository(
      {
        "openspec/changes/add-receipts/proposal.md":
          "## Why\nShoppers ask for receipts by mail every day.\n\n## What Changes\n- Mail a receipt\n",
        "openspec/changes/add-receipts/tasks.md":
          "## 1. Mail\n- [x] 1.1 Render the receipt\n- [ ] 1.2 Send it\n",
        "openspec/changes/add-receipts/specs/checkout/spec.md": `## ADDED Requirements\n\n### Requirement: Receipt by mail\nThe system SHALL mail a receipt.\n\n${scenario("Paid order")}`,
      },
      "shop",
    );
    await catalog.call("openspec_source_add", { path: root });

    const outline = await catalog.call("openspec_context", {
      identifier: "shop/add-receipts",
      detail: "summary",
    });

    expect(outline).toMatchObject({
      ok: true,
      change: {
        name: "add-receipts",
        outline: true,
        proposal: "## Why\n## What Changes",
        tasks: "## 1. Mail",
        design: null,
        task_progress: { completed: 1, total: 2 },
        specs: [
          {
            path: "specs/checkout/spec.md",
            content:
              "## ADDED Requirements\n### Requirement: Receipt by mail\n#### Scenario: Paid order",
          },
        ],
      },
    });
  });
});
