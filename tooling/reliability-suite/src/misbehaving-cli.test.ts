import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type HostOptions,
  type HostUnderTest,
  openHermesHost,
  openLibraryHost,
  openMcpHost,
} from "@org/host-harness";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Misbehaviour, misbehavingOpenSpec } from "./fake-cli/fake-openspec.js";
import { readFakePids } from "./fake-cli/hanging-fake.js";
import { recordFigure } from "./figures/record-figure.js";
import { isGone, peakRssBytes, rssBytes } from "./processes/process-state.js";
import { EVENTUALLY_MS, waitFor } from "./processes/wait-for.js";
import { makeSandbox } from "./sandbox/make-sandbox.js";
import { registerShop } from "./sandbox/register-shop.js";

const QUICK_TIMEOUT_MS = 2_000;
/** The flood must end on its own, not by timeout, so that the cap is what is tested. */
const PATIENT_TIMEOUT_MS = 300_000;
const MAX_OUTPUT_BYTES = 1024 * 1024;
// What reading the flood may add to a process: far below its 300 MB, whatever the host had loaded before.
const MEMORY_LIMIT_BYTES = 100 * 1024 * 1024;
const MB = 1024 * 1024;

/** A host whose CLI is the misbehaving fake, and the switch that picks what the fake does next. */
type Rig = { host: HostUnderTest; behave(misbehaviour: Misbehaviour): void; controlDir: string };

async function openRig(
  open: (options: HostOptions) => Promise<HostUnderTest>,
  timeoutMs: number,
): Promise<Rig> {
  const controlDir = temporaryFolder("fake-control-");
  const sandbox = makeSandbox({
    OPENSPEC_BIN: misbehavingOpenSpec(controlDir),
    // The fake reports host pids and logs beside the repository: process mechanics, not confinement.
    OPENSPEC_AGENT_CONFINE: "off",
    OPENSPEC_AGENT_CLI_TIMEOUT_MS: String(timeoutMs),
  });
  await registerShop(sandbox);
  const host = await open({ env: sandbox.env, cwd: sandbox.home });
  // The Hermes bridge starts on the first call; its memory is measured from then on.
  await host.call("openspec_source_list", {});
  return {
    host,
    controlDir,
    behave: (misbehaviour) => writeFileSync(join(controlDir, "behaviour"), misbehaviour),
  };
}

async function listChanges(host: HostUnderTest): Promise<Record<string, unknown>> {
  const answer = await host.call("openspec_list", { source: "shop" });
  if (answer.kind !== "result") throw new Error(`the host refused the call: ${answer.detail}`);
  return answer.result as Record<string, unknown>;
}

afterAll(removeTemporaryFolders);

describe.each([
  { name: "library", open: openLibraryHost },
  { name: "mcp", open: openMcpHost },
  { name: "hermes", open: openHermesHost },
])("the OpenSpec CLI misbehaving, through the $name host", ({ name, open }) => {
  let quick: Rig;
  let patient: Rig;

  beforeAll(async () => {
    [quick, patient] = await Promise.all([
      openRig(open, QUICK_TIMEOUT_MS),
      openRig(open, PATIENT_TIMEOUT_MS),
    ]);
  });

  afterAll(async () => {
    await Promise.all([quick?.host.close(), patient?.host.close()]);
  });

  it("GIVEN a CLI that ignores SIGTERM, has a child, and never finishes WHEN a tool runs it THEN ok is false with timeout and both processes are gone", async () => {
    quick.behave("hang");
    const result = await listChanges(quick.host);
    expect(result).toMatchObject({ ok: false, code: "timeout" });
    const pids = readFakePids(join(quick.controlDir, "pids"));
    expect(pids).toHaveLength(2);
    expect(await waitFor(() => pids.every(isGone), EVENTUALLY_MS)).toBe(true);
  });

  it("GIVEN a CLI that prints 300 MB WHEN a tool runs it THEN stdout is capped at 1 MiB, truncated is set, and a host process grows by less than 100 MB", async () => {
    patient.behave("flood");
    const hostPid = await patient.host.hostPid();
    const hostBefore = hostPid === undefined ? undefined : rssBytes(hostPid);
    const result = await listChanges(patient.host);
    expect(result).toMatchObject({ ok: true, exit_code: 0, truncated: true });
    expect(typeof result.stdout).toBe("string");
    expect(Buffer.byteLength(result.stdout as string)).toBeLessThanOrEqual(MAX_OUTPUT_BYTES);
    // The library runs in this test worker, which other test files share: its memory would count
    // theirs too. The runner's own test measures the library's growth in a process of its own
    // (packages/cli-runner, run-openspec-limits.test.ts); here the hosts are processes of their own.
    if (name !== "library") {
      const peak = (hostPid && peakRssBytes(hostPid)) ?? Number.POSITIVE_INFINITY;
      const hostGrowth = peak - (hostBefore ?? 0);
      recordFigure(
        `misbehaving CLI (${name})`,
        `300 MB flood: host peak RSS ${(peak / MB).toFixed(1)} MB, ${(hostGrowth / MB).toFixed(1)} MB above its RSS before the call`,
      );
      expect(hostBefore).toBeDefined();
      expect(hostGrowth).toBeLessThan(MEMORY_LIMIT_BYTES);
    }
  });

  it("GIVEN a CLI that prints invalid JSON and exits 0 WHEN a tool runs it THEN ok is true with the text as stdout, as the envelope contract says", async () => {
    quick.behave("invalid-json");
    expect(await listChanges(quick.host)).toMatchObject({
      ok: true,
      exit_code: 0,
      stdout: '{"changes": [ this is not JSON\n',
      diagnostics: [],
    });
  });

  it("GIVEN a CLI that prints invalid JSON and exits 3 WHEN a tool runs it THEN ok is false with exit_nonzero and the text as stdout", async () => {
    quick.behave("invalid-json-failing");
    expect(await listChanges(quick.host)).toMatchObject({
      ok: false,
      code: "exit_nonzero",
      exit_code: 3,
      stdout: '{"changes": [ this is not JSON\n',
    });
  });

  it("GIVEN a CLI that kills itself with SIGKILL WHEN a tool runs it THEN ok is false with killed_by_signal", async () => {
    quick.behave("self-kill");
    expect(await listChanges(quick.host)).toMatchObject({
      ok: false,
      code: "killed_by_signal",
      exit_code: null,
      signal: "SIGKILL",
    });
  });
});
