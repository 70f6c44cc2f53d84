/** How hard each check pushes: the default fits the test command, `long` is for a soak before a release. */
export type ReliabilitySizes = {
  mode: "default" | "long";
  /** Fuzzing: calls per tool through the library. */
  libraryCallsPerTool: number;
  /** Fuzzing: calls per CLI-backed tool through the library with the real OpenSpec CLI (about a second each). */
  realCliCallsPerTool: number;
  /** Fuzzing: calls per tool through the MCP server and through the Hermes plugin. */
  hostCallsPerTool: number;
  /** Fuzzing: calls per tool through the shell CLI, one process each. */
  shellCallsPerTool: number;
  /**
   * Registry contention: processes that write the registry at once, and sources each one adds.
   * The registry's own test has 8 processes with 50 sources each; by default
   * the contention check only shows the hosts' writes and reads meet the same registry together.
   */
  registryWriters: number;
  sourcesPerWriter: number;
  /**
   * Torn writes: how many writers are killed mid-write. Each kill costs a fresh writer process
   * (about 0.35 s of CPU to load the library and write once). With the library's write made
   * in place (truncate, then write) instead of a rename of a finished copy, 16 kills left an
   * empty spec in each of eight runs (3 to 7 empty specs per run). About half the kills land
   * between the temporary file and its rename, so 16 meet every outcome (the old text, the new
   * one, a temporary file left behind) many times over.
   */
  tornWriteKills: number;
  /**
   * Whether the hostile-repository check and the folder swap race run through every host
   * they name, or through the library and one host over a transport (MCP) only: every host calls
   * the same catalog, which the contract suite proves, so the other hosts add minutes of CPU to
   * each run for no new path; the long mode keeps them.
   */
  everyHost: boolean;
  /** How long one check may take: the shared preset's 180 s, or an hour for the long mode's soak. */
  testTimeoutMs: number;
};

// The default fuzzing counts: 150 inputs per tool through the library draw each input class
// (a valid shape with hostile values, one part broken, any value at all) dozens of times, and
// over the catalog's tools every hostile name and path many times over; the MCP server and
// the Hermes plugin call that same catalog, so 10 per tool there show the transport passes
// each class, and the shell CLI, a process per call, gets one per tool. Each run draws new
// inputs; the long mode is the soak that finds the rare ones.
const SIZES: Record<ReliabilitySizes["mode"], ReliabilitySizes> = {
  default: {
    mode: "default",
    libraryCallsPerTool: 150,
    realCliCallsPerTool: 4,
    hostCallsPerTool: 10,
    shellCallsPerTool: 1,
    registryWriters: 2,
    sourcesPerWriter: 6,
    tornWriteKills: 16,
    everyHost: false,
    testTimeoutMs: 180_000,
  },
  long: {
    mode: "long",
    libraryCallsPerTool: 10_000,
    realCliCallsPerTool: 200,
    hostCallsPerTool: 400,
    shellCallsPerTool: 25,
    registryWriters: 8,
    sourcesPerWriter: 60,
    tornWriteKills: 1_000,
    everyHost: true,
    testTimeoutMs: 3_600_000,
  },
};

/** `OPENSPEC_AGENT_RELIABILITY=long` selects the long mode; anything else the default. */
export function reliabilitySizes(
  env: Readonly<Record<string, string | undefined>> = process.env,
): ReliabilitySizes {
  return env.OPENSPEC_AGENT_RELIABILITY === "long" ? SIZES.long : SIZES.default;
}
