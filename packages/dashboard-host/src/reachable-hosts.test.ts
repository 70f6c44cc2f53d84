import type { NetworkInterfaceInfo } from "node:os";
import { describe, expect, it } from "vitest";
import { reachableHosts } from "./reachable-hosts.js";

const base = { netmask: "", mac: "", cidr: null };
const INTERFACES: NodeJS.Dict<NetworkInterfaceInfo[]> = {
  lo: [
    { ...base, address: "127.0.0.1", family: "IPv4", internal: true },
    { ...base, address: "::1", family: "IPv6", internal: true, scopeid: 0 },
  ],
  eth0: [
    { ...base, address: "fd00::2", family: "IPv6", internal: false, scopeid: 0 },
    { ...base, address: "fe80::1", family: "IPv6", internal: false, scopeid: 2 },
    { ...base, address: "192.0.2.2", family: "IPv4", internal: false },
  ],
};

describe("the addresses a dashboard is reached at", () => {
  it("GIVEN a bind to 0.0.0.0 WHEN its addresses are listed THEN this machine's own IPv4 address comes first, the loopback last", () => {
    expect(reachableHosts("0.0.0.0", INTERFACES)).toEqual(["192.0.2.2", "127.0.0.1"]);
  });

  it("GIVEN a bind to :: WHEN its addresses are listed THEN IPv4 before IPv6, in brackets, link-local left out", () => {
    expect(reachableHosts("::", INTERFACES)).toEqual(["192.0.2.2", "[fd00::2]", "127.0.0.1"]);
  });

  it("GIVEN a machine with only loopback, or a bind to one address WHEN listed THEN that address alone", () => {
    expect(reachableHosts("0.0.0.0", { lo: INTERFACES.lo })).toEqual(["127.0.0.1"]);
    expect(reachableHosts("10.1.2.3", INTERFACES)).toEqual(["10.1.2.3"]);
    expect(reachableHosts("::1", INTERFACES)).toEqual(["[::1]"]);
  });
});
