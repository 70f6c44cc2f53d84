import { bareDirectoryScan } from "./bare-scan.mjs";
import { measureRatio } from "./measure.mjs";
import { benchResult, ratioResult } from "./result.mjs";

/**
 * context-speed and context-size: the bare `openspec_context` answer and lookups by token on a
 * large repository, each against a bare directory scan of it
 * (`bareDirectoryScan`). Cold runs empty the caches first (`forgetCaches`,
 * untimed); warm runs follow one another. With `registeredSources` (the
 * caller registered that many sources, this one among them), a spec token
 * passed alone is looked up across all of them too.
 *
 * @param {{ iterations: number, root: string, source: string,
 *   context: (identifier: string) => Promise<any> | any, forgetCaches: () => void,
 *   registeredSources?: number }} options
 */
export async function benchContext({
  iterations,
  root,
  source,
  context,
  forgetCaches,
  registeredSources,
}) {
  const scan = () => bareDirectoryScan(root);
  const bare = await context(source);
  if (!bare?.ok) throw new Error(`openspec_context ${source} failed: ${JSON.stringify(bare)}`);
  const counted = scan();
  const agrees =
    bare.totals.changes === counted.changes &&
    bare.totals.archived_changes === counted.archived &&
    bare.totals.specs === counted.specs;
  const middle = (list) => list[Math.floor(list.length / 2)].token;
  const changeToken = middle(bare.changes);
  const specToken = middle(bare.specs);

  const ratio = (identifier, cold) =>
    measureRatio({
      iterations,
      baseline: scan,
      candidate: () => context(identifier),
      ...(cold ? { settle: async () => forgetCaches() } : {}),
    });
  const coldBare = await ratio(source, true);
  const warmBare = await ratio(source, false);
  const changeLookup = await ratio(`${source}/${changeToken}`, false);
  const specLookup = await ratio(`${source}/${specToken}`, false);
  const coldSpecLookup = await ratio(`${source}/${specToken}`, true);
  let bareTokenLookup = null;
  if (registeredSources !== undefined) {
    // The token must name one artifact of one source, or the figure would time a failure.
    const found = await context(specToken);
    if (!found?.ok || found.spec?.token !== specToken) {
      throw new Error(`the bare token ${specToken} did not resolve: ${JSON.stringify(found)}`);
    }
    bareTokenLookup = await ratio(specToken, false);
  }

  const scanMs = warmBare.baselineMs.median;
  const row = (id, title, measured, atMost) =>
    ratioResult({
      id,
      title,
      measured,
      atMost,
      details: { scanMs, answerMs: measured.candidateMs.median },
    });
  const bytes = Buffer.byteLength(JSON.stringify(bare), "utf8");
  return [
    row("context-speed", "bare openspec_context, cold caches / bare scan", coldBare, 1.5),
    row("context-speed", "bare openspec_context, warm caches / bare scan", warmBare, 0.5),
    row("context-speed", "openspec_context by change token / bare scan", changeLookup, 0.3),
    row("context-speed", "openspec_context by spec token / bare scan", specLookup, 0.3),
    row(
      "context-speed",
      "openspec_context by spec token, first lookup (cold) / bare scan",
      coldSpecLookup,
      0.3,
    ),
    ...(bareTokenLookup === null
      ? []
      : [
          row(
            "context-speed",
            `openspec_context by a spec token alone, ${registeredSources} sources / bare scan`,
            bareTokenLookup,
            0.6,
          ),
        ]),
    benchResult({
      id: "context-size",
      title: "size of the bare openspec_context answer",
      unit: "bytes",
      value: bytes,
      spread: null,
      target: { at: "most", value: 64 * 1024 },
      details: { totals: bare.totals, totalsAgreeWithScan: agrees },
    }),
  ];
}
