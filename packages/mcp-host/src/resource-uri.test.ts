import { describe, expect, it } from "vitest";
import { formatResourceUri, parseResourceUri, type ResourceAddress } from "./resource-uri.js";

describe("openspec:// URIs", () => {
  it("GIVEN every kind of address WHEN it is formatted and parsed again THEN the same address comes back", () => {
    const addresses: ResourceAddress[] = [
      { kind: "spec", source: "shop", spec: "auth" },
      { kind: "spec", source: "my shop", spec: "platform/session" },
      { kind: "change", source: "shop", change: "add-dark-mode" },
      { kind: "change_artifact", source: "shop", change: "add-dark-mode", artifact: "design" },
      { kind: "archived_change", source: "os_243ec3", change: "2026-01-02-add-login" },
      { kind: "spec", source: "café#1?", spec: "a b/%c" },
    ];
    for (const address of addresses) {
      const uri = formatResourceUri(address);
      expect(parseResourceUri(uri), uri).toEqual({ ok: true, address });
    }
    expect(formatResourceUri(addresses[1] as ResourceAddress)).toBe(
      "openspec://my%20shop/specs/platform/session",
    );
  });

  it("GIVEN URIs that could reach outside a folder or name nothing WHEN parsed THEN each is refused with a sentence", () => {
    for (const uri of [
      "openspec://shop/specs/../secrets",
      "openspec://shop/specs/./auth",
      "openspec://shop/specs/a%2F..%2F..%2Fetc",
      "openspec://shop/specs/a%5Cb",
      "openspec://shop/specs/a%0Ab",
      "openspec://shop/specs/",
      "openspec://shop/specs",
      "openspec://shop/changes/archive",
      "openspec://shop/changes/archive/x/proposal",
      "openspec://shop/changes/x/notes",
      "openspec://shop/other/x",
      "openspec:///specs/auth",
      "https://shop/specs/auth",
      "openspec://shop/specs/%ZZ",
    ]) {
      const parsed = parseResourceUri(uri);
      expect(parsed.ok, uri).toBe(false);
      expect(parsed.ok ? "" : parsed.error).toMatch(/\.$/);
    }
  });
});
