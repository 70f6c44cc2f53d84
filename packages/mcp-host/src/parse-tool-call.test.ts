import { CallToolResultSchema, ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { createCatalog } from "@org/openspec-core";
import { isolatedEnvironment, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { closeInMemorySessions, openInMemorySession } from "./test-support/in-memory-session.js";

afterEach(async () => {
  await closeInMemorySessions();
  removeTemporaryFolders();
});

// The SDK answered `"arguments": "notanobject"` with -32603, an internal error
// of the server, and zod's whole issue list as the message.
describe("tools/call with malformed params", () => {
  it("GIVEN a client WHEN it calls a tool with arguments that are a string, an array or null, or with no name THEN each is -32602 with one sentence saying what to send, and a good call still answers", async () => {
    const { env, home } = isolatedEnvironment();
    const { client } = await openInMemorySession(createCatalog({ env, home }));
    const call = (params: unknown) =>
      client.request({ method: "tools/call", params } as never, CallToolResultSchema);

    for (const [params, message] of [
      [
        { name: "openspec_source_list", arguments: "notanobject" },
        "The arguments of tools/call must be an object of the tool's fields, not a string.",
      ],
      [
        { name: "openspec_source_list", arguments: ["a"] },
        "The arguments of tools/call must be an object of the tool's fields, not an array.",
      ],
      [
        { name: "openspec_source_list", arguments: null },
        "The arguments of tools/call must be an object of the tool's fields, not null.",
      ],
      [
        { arguments: {} },
        "tools/call needs params.name, the name of a tool as tools/list gives it.",
      ],
    ] as const) {
      await expect(call(params)).rejects.toMatchObject({
        code: ErrorCode.InvalidParams,
        message: expect.stringContaining(message),
      });
    }
    expect(await call({ name: "openspec_source_list", arguments: {} })).toMatchObject({
      structuredContent: { ok: true },
    });
  });
});
