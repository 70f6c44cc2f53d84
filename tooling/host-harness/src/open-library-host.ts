import { createCatalog } from "@org/openspec-core";
import type { HostOptions, HostUnderTest } from "./host-under-test.js";

/** The catalog called in-process, as a Node script would. */
export async function openLibraryHost({ env, warmPool }: HostOptions): Promise<HostUnderTest> {
  const catalog = createCatalog({ env, ...(warmPool ? { warmPool: true } : {}) });
  return {
    name: "library",
    call: async (tool, args) => ({ kind: "result", result: await catalog.call(tool, args) }),
    listTools: async () => (await catalog.available()).map((tool) => tool.name),
    hostPid: async () => undefined,
    close: async () => catalog.close(),
  };
}
