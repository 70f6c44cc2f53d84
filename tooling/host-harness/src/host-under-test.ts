/**
 * What a host answered: the catalog's result object, or a refusal by the
 * host's own transport before the catalog saw the call (an MCP JSON-RPC error,
 * e.g. for arguments that are not an object at all).
 */
export type HostAnswer = { kind: "result"; result: unknown } | { kind: "refused"; detail: string };

/** One way into the tool catalog: the library, the shell CLI, the MCP server or the Hermes plugin. */
export type HostUnderTest = {
  name: HostName;
  /** Calls a tool with any value as its arguments; rejects only when the host broke. */
  call(tool: string, args: unknown): Promise<HostAnswer>;
  /** The tools the host offers now (its tools/list, check_fn, or availability). */
  listTools(): Promise<string[]>;
  /** The process serving the calls (the MCP server, the Hermes bridge); undefined in-process and for the shell CLI. */
  hostPid(): Promise<number | undefined>;
  close(): Promise<void>;
};

export type HostName = "library" | "cli" | "mcp" | "hermes" | "http" | "mcp-2026" | "http-2026";

export type HostOptions = {
  /** The whole environment of the host: HOME, PATH, OPENSPEC_BIN, OPENSPEC_AGENT_DB, ... */
  env: Record<string, string | undefined>;
  cwd: string;
  /**
   * Keep OpenSpec workers warm across calls in the in-process hosts (the library, the shell CLI
   * in this process), as the MCP server and the Hermes bridge always do: for suites that call
   * CLI-backed tools many times and check answers, not the cold start (the runner's
   * pool-differential test proves warm and cold answers byte-identical). Off by default.
   */
  warmPool?: boolean;
  /**
   * Start the host as a first-run user gets it: the MCP server without
   * `--toolsets` (its default toolsets), and Hermes offering only the
   * toolsets it turns on after `hermes install` (what the installer wrote to
   * config.yaml says which). Off by default: the suites drive every tool.
   */
  firstRun?: boolean;
};
