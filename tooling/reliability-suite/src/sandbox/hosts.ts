import {
  type HostOptions,
  type HostUnderTest,
  openCliHost,
  openHermesHost,
  openLibraryHost,
  openMcpHost,
} from "@org/host-harness";

/** Every host, for checks that must hold through each of them. */
export const EVERY_HOST = [
  { host: "library", open: openLibraryHost },
  { host: "cli", open: openCliHost },
  { host: "mcp", open: openMcpHost },
  { host: "hermes", open: openHermesHost },
] as { host: string; open: (options: HostOptions) => Promise<HostUnderTest> }[];

/** The hosts that serve many calls from one library, one server or one bridge: every host but the shell CLI's process per call. */
export const LONG_LIVED_HOSTS = EVERY_HOST.filter((entry) => entry.host !== "cli");

/** The result object of an answer, or `{}` when the host refused the call before the catalog saw it. */
export function resultOf(answer: unknown): Record<string, unknown> {
  const { kind, result } = answer as { kind: string; result?: unknown };
  return kind === "result" ? (result as Record<string, unknown>) : {};
}
