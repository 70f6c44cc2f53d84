import { readFileSync } from "node:fs";
import { Client, ProtocolError, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { renderWorkflowTemplate, workflowCatalog } from "@org/openspec-core";
import { modernClientValidator } from "@org/test-kit/mcp-client-validators";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type TestHttpServer, useHttpServers } from "./test-support/http-harness.js";
import { STDIO_SERVER, serverEnvironment } from "./test-support/sandbox.js";

const startServer = useHttpServers();
const SKILLS = "io.modelcontextprotocol/skills";

/**
 * The Hermes plugin's SKILL.md of a workflow, as its build writes it into the
 * committed plugin folder (read from disk: hosts do not import each other),
 * split as the SDK splits a SKILL.md, with the plugin's generated-file note
 * taken off the body.
 */
function hermesSkill(name: string): { frontMatter: Record<string, unknown>; body: string } {
  const text = readFileSync(
    new URL(`../../hermes-host/plugin/openspec/skills/${name}/SKILL.md`, import.meta.url),
    "utf8",
  );
  const [, yaml = "", body = ""] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
  return {
    frontMatter: parse(yaml) as Record<string, unknown>,
    body: body.replace(/^\n<!-- Generated from the openspec-agent workflows [^\n]* -->\n/, ""),
  };
}

/** The SDK's v2 client on the HTTP server: `legacy` initializes (2025), `modern` is pinned to 2026-07-28. */
async function connect(http: TestHttpServer, era: "legacy" | "modern"): Promise<Client> {
  const client = new Client(
    { name: `skills-${era}`, version: "0" },
    {
      jsonSchemaValidator: modernClientValidator,
      ...(era === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {}),
    },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(http.server.url), {
      requestInit: { headers: { authorization: `Bearer ${http.token("laptop")}` } },
    }),
  );
  return client;
}

describe.each(["legacy", "modern"] as const)("the workflow skills, %s era", (era) => {
  it("GIVEN the HTTP server WHEN the SDK's client lists, gets and reads the skills THEN there is one per workflow, each SKILL.md verified against its digest, naming and describing its workflow as the Hermes plugin's skill does, with the same instructions as its body", async () => {
    const http = await startServer();
    const client = await connect(http, era);
    try {
      expect(client.getServerCapabilities()?.extensions).toHaveProperty([SKILLS]);
      const skills = new SkillsClient(client);
      expect(skills.supported).toBe(true);

      const listing = await skills.list();
      expect(listing.invalid).toEqual([]);
      expect(listing.skills.map((skill) => skill.uri)).toEqual(
        workflowCatalog.map((workflow) => `skill://openspec/${workflow.name}/SKILL.md`).sort(),
      );
      if (era === "modern") expect(listing).toMatchObject({ cacheScope: "public" });

      for (const workflow of workflowCatalog) {
        const uri = `skill://openspec/${workflow.name}/SKILL.md`;
        const { skill } = await skills.get(uri);
        expect(skill).toEqual(listing.skills.find((entry) => entry.uri === uri));
        const file = await skills.read(skill);
        expect(file.verified).toBe(true);
        expect(file.mimeType).toBe("text/markdown");
        expect(file.frontmatter).toMatchObject({
          name: workflow.name,
          description: workflow.description,
        });
        // As in the Hermes plugin's copy, a blank line parts the front matter from the instructions.
        expect(file.body).toBe(`\n${renderWorkflowTemplate(workflow)}`);
        const hermes = hermesSkill(workflow.name);
        expect(file.frontmatter?.name).toBe(hermes.frontMatter.name);
        expect(file.frontmatter?.description).toBe(hermes.frontMatter.description);
        expect(file.body).toBe(hermes.body);
      }
    } finally {
      await client.close();
    }
  });

  it("GIVEN the HTTP server WHEN the client lists resources and templates, and asks for a skill that is not there THEN skills/list alone enumerates the SKILL.md files, the skill template is offered and completes to a workflow's SKILL.md, and the missing skill is refused", async () => {
    const http = await startServer();
    const client = await connect(http, era);
    try {
      const { resources } = await client.listResources();
      expect(resources.filter((resource) => resource.uri.startsWith("skill://"))).toEqual([]);
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((template) => template.uriTemplate)).toContain(
        "skill://openspec/{+path}",
      );
      const completed = await client.complete({
        ref: { type: "ref/resource", uri: "skill://openspec/{+path}" },
        argument: { name: "path", value: "pro" },
      });
      expect(completed.completion.values).toEqual(["propose/SKILL.md"]);

      const missing = "skill://openspec/deploy/SKILL.md";
      const refused = await new SkillsClient(client).get(missing).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ProtocolError);
      expect((refused as ProtocolError).code).toBe(-32602);
      const unread = await client.readResource({ uri: missing }).catch((error: unknown) => error);
      expect(unread).toBeInstanceOf(ProtocolError);
      expect((unread as ProtocolError).message).toMatch(/No skill file is served at/);
    } finally {
      await client.close();
    }
  });
});

describe("the workflow skills over stdio", () => {
  it("GIVEN the stdio server WHEN a 2026-07-28 client sends skills/list as its first request and reads a SKILL.md THEN it gets every workflow's skill without a handshake, verified against its digest", async () => {
    const client = new Client(
      { name: "skills-stdio", version: "0" },
      {
        jsonSchemaValidator: modernClientValidator,
        versionNegotiation: { mode: { pin: "2026-07-28" } },
      },
    );
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [STDIO_SERVER],
        env: serverEnvironment().env,
        stderr: "pipe",
      }),
    );
    try {
      const skills = new SkillsClient(client);
      const listing = await skills.list();
      expect(listing.skills.map((skill) => skill.frontmatter.name)).toEqual(
        workflowCatalog.map((workflow) => workflow.name).sort(),
      );
      const propose = listing.skills.find((skill) => skill.frontmatter.name === "propose");
      expect(propose).toBeDefined();
      const file = await skills.read(propose as NonNullable<typeof propose>);
      expect(file.verified).toBe(true);
      expect(file.text).toMatch(/^---\nname: "propose"\n/);
    } finally {
      await client.close();
    }
  });
});
