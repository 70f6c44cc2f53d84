import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type Catalog,
  createCatalog,
  toolCatalog,
  toolInputJsonSchema,
  toolOutputJsonSchema,
} from "@org/openspec-core";
import {
  AUTH_SPEC,
  CHECKOUT_SPEC_INPUT,
  DARK_MODE_CHANGE,
  makeOpenSpecRepository,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_TOOLS } from "./test-support/expected-tools.js";
import { type McpHost, openMcpHost } from "./test-support/open-mcp-host.js";
import { serverEnvironment } from "./test-support/sandbox.js";

// One server for the whole file: each start costs a node boot, each CLI call ~0.7 s.
let host: McpHost;
let shop: string;
// The library, for answers that must be the same through MCP.
let catalog: Catalog;

beforeAll(async () => {
  shop = makeOpenSpecRepository({ ...DARK_MODE_CHANGE, "openspec/specs/auth/spec.md": AUTH_SPEC });
  host = await openMcpHost({ env: serverEnvironment({ cli: true }).env });
  catalog = createCatalog({ env: serverEnvironment({ cli: false }).env });
  expect(await host.call("openspec_source_add", { path: shop, name: "webshop" })).toMatchObject({
    ok: true,
  });
});

afterAll(async () => {
  await host.close();
  catalog.close();
  removeTemporaryFolders();
});

describe("GIVEN a server that finds the OpenSpec CLI", () => {
  it("WHEN the tools are listed THEN all 14 catalog tools are offered, in catalog order", async () => {
    expect(await host.listTools()).toEqual(ALL_TOOLS);
  });

  it("WHEN the tools are listed THEN each carries the catalog's description, annotations, input schema and result schema", async () => {
    const { tools } = await host.client.listTools();
    for (const definition of toolCatalog) {
      const listed = tools.find((tool) => tool.name === definition.name);
      const { title, ...hints } = definition.annotations;
      // The title is sent once, as the tool's own, not again inside the annotations.
      expect(listed).toMatchObject({ title, description: definition.description });
      expect(listed?.annotations).toEqual(hints);
      // Published in the portable spelling, so compared by what they name, not letter by letter.
      const input = toolInputJsonSchema(definition);
      expect(Object.keys(listed?.inputSchema.properties ?? {})).toEqual(
        Object.keys(input.properties ?? {}),
      );
      expect(listed?.inputSchema.required ?? []).toEqual(input.required ?? []);
      // Left out of what the model reads where the tool lists its fields; the catalog still
      // refuses a field the tool does not have. A tool without fields is closed, as MCP advises.
      const listsFields = Object.keys(input.properties ?? {}).length > 0;
      expect(listed?.inputSchema.additionalProperties).toBe(listsFields ? undefined : false);
      const output = toolOutputJsonSchema(definition);
      expect(listed?.outputSchema).toMatchObject({ type: "object", required: ["ok"] });
      expect(listed?.outputSchema?.anyOf).toHaveLength((output.anyOf as unknown[]).length);
    }
    const spec = tools.find((tool) => tool.name === "openspec_spec_create");
    const remove = tools.find((tool) => tool.name === "openspec_source_remove");
    const list = tools.find((tool) => tool.name === "openspec_list");
    expect(spec?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(remove?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(list?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  });

  it("WHEN a tool succeeds THEN structuredContent is the catalog's result and the one text block is the same JSON", async () => {
    const result = await host.client.callTool({ name: "openspec_source_list", arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      ok: true,
      total: 1,
      sources: [
        { name: "webshop", path: shop, has_openspec: true, token: expect.stringMatching(/^os_/) },
      ],
    });
    expect(result.content).toEqual([
      { type: "text", text: JSON.stringify(result.structuredContent) },
    ]);
  });

  it("GIVEN a second repository WHEN it is added, renamed, listed and removed as a source THEN each step answers with the source", async () => {
    const billing = makeOpenSpecRepository({}, "billing");
    expect(await host.call("openspec_source_add", { path: billing })).toMatchObject({
      ok: true,
      source: { name: null, display_name: "billing", path: billing },
    });
    expect(
      await host.call("openspec_source_update", { source: "billing", name: "invoices" }),
    ).toMatchObject({
      ok: true,
      source: { name: "invoices", display_name: "invoices", path: billing },
    });
    expect(await host.call("openspec_source_list", {})).toMatchObject({ ok: true, total: 2 });
    expect(await host.call("openspec_source_remove", { source: "invoices" })).toMatchObject({
      ok: true,
      source: { name: "invoices", path: billing },
    });
    expect(existsSync(billing)).toBe(true);
    expect(await host.call("openspec_source_list", {})).toMatchObject({ ok: true, total: 1 });
  });

  it("WHEN openspec_context resolves the source and then its change token THEN the change's proposal comes back", async () => {
    const overview = await host.call("openspec_context", { identifier: "webshop" });
    expect(overview).toMatchObject({
      ok: true,
      path: shop,
      changes: [{ name: "add-dark-mode", token: "os_243ec3" }],
      specs: [{ path: "auth/spec.md" }],
    });
    expect(await host.call("openspec_context", { identifier: "webshop/os_243ec3" })).toMatchObject({
      ok: true,
      change: {
        name: "add-dark-mode",
        proposal: DARK_MODE_CHANGE["openspec/changes/add-dark-mode/proposal.md"],
      },
    });
  });

  it("WHEN a spec is created, shown and listed through the source THEN the file exists and reads back", async () => {
    expect(
      await host.call("openspec_spec_create", { source: "webshop", ...CHECKOUT_SPEC_INPUT }),
    ).toMatchObject({
      ok: true,
      path: "openspec/specs/checkout/spec.md",
    });
    expect(readFileSync(join(shop, "openspec/specs/checkout/spec.md"), "utf8")).toMatch(
      /^### Requirement: Pay with a saved card$/m,
    );
    expect(
      await host.call("openspec_spec_show", { source: "webshop", name: "checkout" }),
    ).toMatchObject({
      ok: true,
      title: "Checkout",
      requirements: [
        { name: "Pay with a saved card", scenarios: [{ name: "Saved card accepted" }] },
      ],
    });
    expect(await host.call("openspec_spec_list", { source: "webshop" })).toMatchObject({
      ok: true,
      specs: ["auth", "checkout"],
    });
  });

  it("WHEN the CLI-backed tools run on the source THEN list, show, validate, status and instructions return the CLI's JSON", async () => {
    expect(await host.call("openspec_list", { source: "webshop" })).toMatchObject({
      ok: true,
      exit_code: 0,
      stdout: {
        changes: [
          expect.objectContaining({ name: "add-dark-mode", completedTasks: 1, totalTasks: 2 }),
        ],
      },
    });
    expect(
      await host.call("openspec_show", { source: "webshop", target: "auth", type: "spec" }),
    ).toMatchObject({
      ok: true,
      stdout: expect.objectContaining({ id: "auth" }),
    });
    expect(
      await host.call("openspec_validate", { source: "webshop", target: "auth", type: "spec" }),
    ).toMatchObject({
      ok: true,
      command: expect.arrayContaining(["validate", "auth", "--strict"]),
    });
    expect(await host.call("openspec_status", { source: "webshop" })).toMatchObject({
      ok: true,
      change: "add-dark-mode",
      stdout: { changeName: "add-dark-mode" },
    });
    expect(
      await host.call("openspec_instructions", {
        source: "webshop",
        artifact: "tasks",
        change: "add-dark-mode",
      }),
    ).toMatchObject({
      ok: true,
      artifact: "tasks",
      stdout: { artifactId: "tasks", changeName: "add-dark-mode" },
    });
  });

  it("WHEN a tool fails THEN isError is set, structuredContent holds the failure and the text leads with code, error and fix", async () => {
    const result = await host.client.callTool({
      name: "openspec_context",
      arguments: { identifier: "nowhere" },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      ok: false,
      code: "source_not_found",
      fix: expect.any(String),
    });
    const failure = result.structuredContent as { code: string; error: string; fix: string };
    const [text] = result.content as [{ type: string; text: string }];
    expect(text.text.split("\n")).toEqual([
      `${failure.code}: ${failure.error}`,
      `Fix: ${failure.fix}`,
      JSON.stringify(failure),
    ]);
  });

  it("WHEN the CLI exits non-zero THEN the failure keeps the CLI's envelope in structuredContent", async () => {
    const result = await host.client.callTool({
      name: "openspec_show",
      arguments: { source: "webshop", target: "missing-thing" },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      ok: false,
      code: "exit_nonzero",
      exit_code: 1,
      command: expect.arrayContaining(["show", "missing-thing"]),
    });
  });

  it("WHEN spec_create would overwrite an existing spec without force THEN ok is false with spec_exists and the file is unchanged", async () => {
    expect(
      await host.call("openspec_spec_create", {
        source: "webshop",
        ...CHECKOUT_SPEC_INPUT,
        name: "auth",
      }),
    ).toMatchObject({
      ok: false,
      code: "spec_exists",
    });
    expect(readFileSync(join(shop, "openspec/specs/auth/spec.md"), "utf8")).toBe(AUTH_SPEC);
  });

  it.each([
    ["a number where a string belongs", "openspec_context", { identifier: 42 }, "identifier"],
    ["a missing required field", "openspec_show", { source: "webshop" }, "target"],
    ["a field the tool does not have", "openspec_source_list", { verbose: true }, ""],
  ])(
    "WHEN a call has %s THEN the catalog answers invalid_input with its issues and a fix, as through every other host",
    async (_label, name, args, path) => {
      const result = await host.client.callTool({ name, arguments: args });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({
        ok: false,
        code: "invalid_input",
        error: expect.stringContaining(name),
        fix: expect.any(String),
        issues: [expect.objectContaining({ path })],
      });
      expect(result.structuredContent).toEqual(await catalog.call(name, args));
    },
  );

  it("WHEN a tool that does not exist is called THEN the answer is an error result and the server keeps serving", async () => {
    expect(await host.call("openspec_archive", {})).toMatchObject({
      ok: false,
      code: "unknown_tool",
    });
    expect(await host.listTools()).toHaveLength(ALL_TOOLS.length);
  });
});
