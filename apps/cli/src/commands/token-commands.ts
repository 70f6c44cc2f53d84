import type { ResultBlock, ToolSuccess } from "@org/openspec-core";
import type { Command } from "commander";
import type { Session } from "../session.js";

const loadMcp = () => import("@org/openspec-mcp-host");

/**
 * `tokens create|list|revoke`: bearer tokens for `mcp --http`, kept as hashes
 * in the registry file (--db). Host commands for a person, not agent tools.
 */
export function registerTokenCommands(program: Command, session: Session): void {
  const store = () => ({
    env: session.env,
    ...(session.registryPath === undefined ? {} : { registryPath: session.registryPath }),
  });
  const tokens = program
    .command("tokens")
    .description("bearer tokens for the MCP server over HTTP (stored as hashes in the registry)");
  tokens
    .command("create")
    .description("make a token and print it once; only its hash is stored")
    .requiredOption("--name <name>", "a unique label, e.g. ci")
    .option("--read-only", "allow only the tools that change nothing")
    .action(async (options: { name: string; readOnly?: boolean }, command: Command) => {
      const { accessTokenCommands } = await loadMcp();
      const result = await accessTokenCommands.create(
        store(),
        options.name,
        options.readOnly === true,
      );
      session.print(command, "tokens_create", result, (success) => [
        { kind: "text", text: String(success.secret) },
        {
          kind: "notice",
          text: `token ${describe(success.token)}: shown this once; clients send it as "Authorization: Bearer <token>".`,
        },
      ]);
    });
  tokens
    .command("list")
    .description("list tokens (never the tokens themselves)")
    .action(async (_options: unknown, command: Command) => {
      const { accessTokenCommands } = await loadMcp();
      session.print(command, "tokens_list", await accessTokenCommands.list(store()), (success) => {
        const listed: unknown[] = Array.isArray(success.tokens) ? success.tokens : [];
        const blocks: ResultBlock[] = [
          {
            kind: "table",
            columns: ["id", "name", "access", "created", "last used"],
            rows: listed.map(row),
            empty: "no tokens; make one with openspec-agent tokens create --name <name>",
          },
        ];
        return blocks;
      });
    });
  tokens
    .command("revoke")
    .description("delete a token by name or id; a server refuses it on its next request")
    .argument("<name-or-id>", "the token's name or id")
    .action(async (identifier: string, _options: unknown, command: Command) => {
      const { accessTokenCommands } = await loadMcp();
      session.print(
        command,
        "tokens_revoke",
        await accessTokenCommands.revoke(store(), identifier),
        (success: ToolSuccess) => [{ kind: "text", text: `revoked ${describe(success.token)}` }],
      );
    });
}

function describe(token: unknown): string {
  if (typeof token !== "object" || token === null) return "";
  const {
    id,
    name,
    read_only: readOnly,
    created_at: created,
    last_used_at: used,
  } = token as Record<string, unknown>;
  return `#${String(id)} ${String(name)}${readOnly === true ? " (read-only)" : ""}, created ${String(created)}, last used ${used === null ? "never" : String(used)}`;
}

function row(token: unknown): string[] {
  const fields = (typeof token === "object" && token !== null ? token : {}) as Record<
    string,
    unknown
  >;
  return [
    String(fields.id),
    String(fields.name),
    fields.read_only === true ? "read-only" : "full",
    String(fields.created_at),
    fields.last_used_at === null ? "never" : String(fields.last_used_at),
  ];
}
