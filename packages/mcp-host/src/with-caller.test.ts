import type { Catalog, ToolCallContext } from "@org/openspec-core";
import { describe, expect, it } from "vitest";
import { withCaller } from "./with-caller.js";

/** A catalog that only records how each call reached it. */
function recordingCatalog(): { catalog: Catalog; calls: (ToolCallContext | undefined)[] } {
  const calls: (ToolCallContext | undefined)[] = [];
  let closed = 0;
  const catalog = {
    tools: [],
    call: async (_name: string, _args: unknown, call?: ToolCallContext) => {
      calls.push(call);
      return { ok: true as const };
    },
    close: () => {
      closed += 1;
    },
    get closed() {
      return closed;
    },
  } as unknown as Catalog;
  return { catalog, calls };
}

describe("a client's view of the catalog for the CLI queue's turns", () => {
  it("GIVEN a session's view WHEN it calls a tool THEN the call names the session's caller, keeping its signal and progress listener", async () => {
    const { catalog, calls } = recordingCatalog();
    const signal = new AbortController().signal;
    const onProgress = () => {};
    await withCaller(catalog, "token:7").call("openspec_list", {}, { signal, onProgress });
    expect(calls).toEqual([{ signal, onProgress, caller: "token:7" }]);
  });

  it("GIVEN a call that names its own caller WHEN it goes through the view THEN its caller stays", async () => {
    const { catalog, calls } = recordingCatalog();
    await withCaller(catalog, "token:7").call("openspec_list", {}, { caller: "other" });
    await withCaller(catalog, "token:7").call("openspec_list", {}, {});
    expect(calls.map((call) => call?.caller)).toEqual(["other", "token:7"]);
  });

  it("GIVEN the server's own read, made without a call context WHEN it goes through the view THEN it still has none, so the token view gives the watchers real folders", async () => {
    const { catalog, calls } = recordingCatalog();
    await withCaller(catalog, "token:7").call("openspec_source_list", {});
    expect(calls).toEqual([undefined]);
  });

  it("GIVEN the view WHEN it is closed THEN the shared catalog stays open", () => {
    const { catalog } = recordingCatalog();
    withCaller(catalog, "session:a").close();
    expect((catalog as unknown as { closed: number }).closed).toBe(0);
  });
});
