import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { workflowCatalog } from "@org/openspec-core";
import { describe, expect, it } from "vitest";
import { listWorkflowPrompts } from "./list-workflow-prompts.js";

describe("listWorkflowPrompts", () => {
  it("GIVEN pages of three WHEN a client follows nextCursor THEN it gets every workflow once, in order, and the last page has no cursor", () => {
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = listWorkflowPrompts(cursor, 3);
      names.push(...page.prompts.map((prompt) => prompt.name));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== undefined);
    expect(names).toEqual(workflowCatalog.map((workflow) => workflow.name));
    expect(pages).toBe(Math.ceil(workflowCatalog.length / 3));
  });

  it.each([
    "not-a-cursor",
    Buffer.from("prompts:-1").toString("base64url"),
    Buffer.from("prompts:999").toString("base64url"),
  ])(
    "GIVEN the cursor %s WHEN listing THEN the answer is invalid params, not an empty page",
    (cursor) => {
      expect(() => listWorkflowPrompts(cursor, 3)).toThrow(
        expect.objectContaining({ code: ErrorCode.InvalidParams }),
      );
    },
  );
});
