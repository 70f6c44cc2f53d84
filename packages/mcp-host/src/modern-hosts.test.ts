import { type Catalog, createCatalog, toolsets } from "@org/openspec-core";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import type { McpHost } from "./create-host.js";
import { modernHosts } from "./modern-hosts.js";
import { serverEnvironment } from "./test-support/sandbox.js";

const closing: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
  removeTemporaryFolders();
});

const TOKEN = { tokenId: 1, name: "laptop", readOnly: false };

/** The hosts of an HTTP server keeping at most `maxHosts`; `closed` lists each host closed, by its toolsets. */
function hostsKeeping(maxHosts: number) {
  const { env, home } = serverEnvironment();
  const catalog: Catalog = createCatalog({ env, home });
  const closed: string[] = [];
  const hosts = modernHosts({
    catalogFor: () => catalog,
    log: () => {},
    maxHosts,
    made: (host: McpHost) => {
      const close = host.close;
      host.close = () => {
        closed.push(host.catalog.tools.map((tool) => tool.name).join(","));
        return close();
      };
    },
  });
  closing.push(
    () => hosts.closeAll(),
    () => catalog.close(),
  );
  return { hosts, closed };
}

/** Every set of toolsets, as `chooseToolsets` names them (catalog order), up to `count`. */
function toolsetChoices(count: number): string[][] {
  const names = toolsets.map((toolset) => toolset.name);
  const choices: string[][] = [];
  for (let mask = 1; choices.length < count && mask < 2 ** names.length; mask++) {
    choices.push(names.filter((_, index) => (mask & (1 << index)) !== 0));
  }
  return choices;
}

describe("the hosts of 2026-07-28 requests", () => {
  it("GIVEN hosts kept at most 4 WHEN requests name 30 different sets of toolsets THEN 4 hosts are kept, each one let go is closed, and a set asked again lists its own tools", async () => {
    const { hosts, closed } = hostsKeeping(4);
    const choices = toolsetChoices(30);
    for (const choice of choices) {
      await hosts.hostFor(TOKEN, choice);
      expect(hosts.size()).toBeLessThanOrEqual(4);
    }
    expect(hosts.size()).toBe(4);
    // A host is closed once its promise settles after it was let go.
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toHaveLength(26);

    const first = choices[0] as string[];
    const again = await hosts.hostFor(TOKEN, first);
    const wanted = new Set(
      toolsets.filter((set) => first.includes(set.name)).flatMap((set) => set.tools),
    );
    const listed = again.listTools().map((tool) => tool.name);
    expect(listed).toContain("openspec_context");
    expect(listed.filter((name) => !wanted.has(name))).toEqual([]);
    expect(hosts.size()).toBe(4);
  });

  it("GIVEN two sets of toolsets WHEN their hosts are asked for THEN they share the workflow skills and the resource listing, and the most recently used host stays", async () => {
    const { hosts } = hostsKeeping(2);
    const [a, b, c] = toolsetChoices(3) as [string[], string[], string[]];
    const hostA = await hosts.hostFor(TOKEN, a);
    const hostB = await hosts.hostFor(TOKEN, b);
    expect(hostB.skills).toBe(hostA.skills);
    expect(hostB.resourceListing).toBe(hostA.resourceListing);
    // A used again, so B is the one let go for C.
    expect(await hosts.hostFor(TOKEN, a)).toBe(hostA);
    await hosts.hostFor(TOKEN, c);
    expect(await hosts.hostFor(TOKEN, a)).toBe(hostA);
    expect(await hosts.hostFor(TOKEN, b)).not.toBe(hostB);
  });
});
