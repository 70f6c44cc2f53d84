import { createCatalog } from "@org/openspec-core";
import { isolatedEnvironment, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { createDashboard } from "./create-dashboard.js";
import { allowedHostsFor, isLoopback } from "./guard-requests.js";

afterEach(() => removeTemporaryFolders());

function tokenDashboard() {
  const { env } = isolatedEnvironment();
  const catalog = createCatalog({ env });
  const dashboard = createDashboard({
    catalog,
    allowedHosts: allowedHostsFor("10.0.0.5", 4173),
    token: "s3cret-token",
  });
  return {
    dashboard,
    close: () => {
      dashboard.close();
      catalog.close();
    },
  };
}

const request = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://10.0.0.5:4173${path}`, { headers: { host: "10.0.0.5:4173", ...headers } });

describe("GIVEN a dashboard bound off loopback, which requires a token", () => {
  it("WHEN a request carries no token THEN it is refused with 401", async () => {
    const { dashboard, close } = tokenDashboard();
    try {
      const response = await dashboard.fetch(request("/sources"));
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain("s3cret-token");
    } finally {
      close();
    }
  });

  it("WHEN the printed address (token in the query) is opened THEN a cookie is set and the token leaves the URL", async () => {
    const { dashboard, close } = tokenDashboard();
    try {
      const response = await dashboard.fetch(request("/sources?token=s3cret-token"));
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/sources");
      expect(response.headers.get("set-cookie")).toMatch(/HttpOnly/i);
      const next = await dashboard.fetch(
        request("/sources", { cookie: "openspec_dashboard_token=s3cret-token" }),
      );
      expect(next.status).toBe(200);
    } finally {
      close();
    }
  });

  it("WHEN a wrong token or a bearer token is sent THEN only the right one passes", async () => {
    const { dashboard, close } = tokenDashboard();
    try {
      expect((await dashboard.fetch(request("/?token=wrong"))).status).toBe(401);
      expect(
        (await dashboard.fetch(request("/", { authorization: "Bearer s3cret-token" }))).status,
      ).toBe(200);
    } finally {
      close();
    }
  });
});

describe("allowedHostsFor and isLoopback", () => {
  it("GIVEN a loopback bind THEN only loopback names with the port are answered", () => {
    const hosts = allowedHostsFor("127.0.0.1", 4173);
    expect(hosts?.has("localhost:4173")).toBe(true);
    expect(hosts?.has("127.0.0.1:4173")).toBe(true);
    expect(hosts?.has("attacker.example:4173")).toBe(false);
    expect(hosts?.has("localhost:80")).toBe(false);
  });

  it("GIVEN a wildcard bind THEN any host is answered (the token guards it)", () => {
    expect(allowedHostsFor("0.0.0.0", 4173)).toBeNull();
    expect(isLoopback("0.0.0.0")).toBe(false);
    expect(isLoopback("127.0.0.1")).toBe(true);
    expect(isLoopback("192.168.1.4")).toBe(false);
  });
});
