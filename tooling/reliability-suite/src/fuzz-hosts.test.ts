import {
  type HostOptions,
  type HostUnderTest,
  openCliHost,
  openHermesHost,
  openMcpHost,
} from "@org/host-harness";
import { toolCatalog } from "@org/openspec-core";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeFuzzFigures } from "./figures/describe-fuzz-figures.js";
import { recordFigure } from "./figures/record-figure.js";
import { fuzzCatalogTool } from "./fuzz/fuzz-catalog-tool.js";
import { FUZZ_DEADLINE_MS, fuzzEnvironment } from "./fuzz/fuzz-settings.js";
import type { FuzzFigures } from "./fuzz/fuzz-tool.js";
import { findSmuggledOptions, readRecordedArgv } from "./fuzz/read-recorded-argv.js";
import { isGone } from "./processes/process-state.js";
import { reliabilitySizes } from "./reliability-mode.js";
import { makeSandbox, type Sandbox } from "./sandbox/make-sandbox.js";

const sizes = reliabilitySizes();

type Host = {
  name: string;
  open: (options: HostOptions) => Promise<HostUnderTest>;
  callsPerTool: number;
};

const hosts: Host[] = [
  { name: "mcp", open: openMcpHost, callsPerTool: sizes.hostCallsPerTool },
  { name: "hermes", open: openHermesHost, callsPerTool: sizes.hostCallsPerTool },
  { name: "cli", open: openCliHost, callsPerTool: sizes.shellCallsPerTool },
];

afterAll(removeTemporaryFolders);

describe.each(hosts)("fuzzing through the $name host", ({ name, open, callsPerTool }) => {
  const figures: FuzzFigures = { calls: 0, slowestMs: 0, knownBugs: {} };
  let sandbox: Sandbox;
  let argvLog: string;
  let host: HostUnderTest;
  let hostPid: number | undefined;

  beforeAll(async () => {
    const fuzz = fuzzEnvironment();
    argvLog = fuzz.argvLog;
    sandbox = makeSandbox(fuzz.env);
    host = await open({ env: sandbox.env, cwd: sandbox.home });
  });

  afterAll(async () => {
    await host?.close();
    recordFigure(`fuzzing (${name})`, describeFuzzFigures(figures, `${callsPerTool} per tool`));
  });

  it.each(toolCatalog.map((tool) => tool.name))(
    `GIVEN ${callsPerTool} generated hostile inputs for %s WHEN each is called THEN every answer keeps the result contract, none hangs, and nothing outside the repository changes`,
    async (tool) => {
      hostPid ??= await host.hostPid();
      const problem = await fuzzCatalogTool({
        host,
        sandbox,
        tool,
        numRuns: callsPerTool,
        deadlineMs: FUZZ_DEADLINE_MS,
        figures,
      });
      expect(problem).toBeNull();
    },
  );

  it("GIVEN every fuzzed call WHEN they are done THEN the host is still the same process and no input reached the CLI as an option", async () => {
    if (hostPid !== undefined) {
      expect(isGone(hostPid)).toBe(false);
      expect(await host.hostPid()).toBe(hostPid);
    }
    expect(findSmuggledOptions(readRecordedArgv(argvLog))).toEqual([]);
  });
});
