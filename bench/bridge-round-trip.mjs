import { startJsonLinesProcess } from "./json-lines-process.mjs";
import { measureRatio, summarize } from "./measure.mjs";
import { benchResult, spreadOf } from "./result.mjs";

/**
 * bridge-round-trip: one tool call through the Hermes bridge (a JSON line to a running
 * `node dist/bridge.js` and its answer back), against the same call to the
 * catalog in this process. The figure is the time the bridge adds at p50.
 *
 * @param {{ iterations: number, bridgeEntry: string, env: Record<string, string>, cwd: string,
 *   tool: string, args: object, inProcess: () => Promise<unknown> }} options
 */
export async function benchBridgeRoundTrip({
  iterations,
  bridgeEntry,
  env,
  cwd,
  tool,
  args,
  inProcess,
}) {
  const bridge = startJsonLinesProcess(process.execPath, [bridgeEntry], { env, cwd });
  let sent = 0;
  let answeredOk = true;
  const viaBridge = async () => {
    sent += 1;
    const id = `bench-${sent}`;
    bridge.send({ id, tool, args });
    const answer = await bridge.next((message) => message.id === id);
    answeredOk &&= answer.result?.ok === true;
  };
  try {
    bridge.send({ id: "ping", op: "ping" });
    await bridge.next((message) => message.id === "ping");
    const measured = await measureRatio({
      iterations,
      warmup: 3,
      baseline: inProcess,
      candidate: viaBridge,
    });
    const added = summarize(measured.pairs.map(({ baseline, candidate }) => candidate - baseline));
    return benchResult({
      id: "bridge-round-trip",
      title: "Hermes bridge round trip, time added to the in-process call",
      unit: "ms",
      value: added.median,
      spread: spreadOf(added),
      target: { at: "most", value: 5 },
      valid: answeredOk,
      details: {
        tool,
        inProcessMs: measured.baselineMs.median,
        bridgeMs: measured.candidateMs.median,
      },
    });
  } finally {
    await bridge.stop();
  }
}
