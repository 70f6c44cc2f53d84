/** One way into the tool catalog: the library, the shell CLI, the MCP server or the Hermes plugin. */
export type Door = {
  name: DoorName;
  /** Calls a tool and returns its result object as the host delivers it. */
  call(tool: string, args: Record<string, unknown>): Promise<unknown>;
  /** The tools the host offers now. */
  listTools(): Promise<string[]>;
  close(): Promise<void>;
};

export type DoorName = "library" | "cli" | "mcp" | "hermes";

export type DoorOptions = {
  /** The whole environment of the host: HOME, PATH, OPENSPEC_BIN, OPENSPEC_AGENT_DB, ... */
  env: Record<string, string | undefined>;
  cwd: string;
};
