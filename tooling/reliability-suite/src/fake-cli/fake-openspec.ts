import { fakeOpenSpecBinary } from "@org/test-kit";

// The fakes run with a PATH that holds only node's folder, so every tool they use is named by its full path.

/**
 * Appends each run's arguments, NUL-separated, to a file named by its pid in
 * `logDir` (a reused pid only adds to the same file), and answers with a small
 * JSON document. Only shell built-ins: thousands of runs stay cheap.
 */
export function recordingOpenSpec(logDir: string): string {
  return fakeOpenSpecBinary(
    [
      `for arg in "$@"; do printf '%s\\0' "$arg"; done >> '${logDir}/'$$`,
      `printf '{"changes":[],"specs":[],"root":null}\\n'`,
    ].join("\n"),
  );
}

/** How the misbehaving fake behaves on its next run. */
export type Misbehaviour = "hang" | "flood" | "invalid-json" | "invalid-json-failing" | "self-kill";

/**
 * Bytes the flooding fake prints: 300 MB, three times what a host may grow by while reading it
 * (misbehaving-cli.test.ts), so a host that kept the output would fail; a gigabyte proved
 * nothing more and cost three times the time.
 */
export const FLOOD_BYTES = 300_000_000;

/**
 * A fake CLI that does what the file `<controlDir>/behaviour` says, so that one
 * host can meet every misbehaviour in turn:
 * - hang: ignores SIGTERM, starts a child that ignores it too, writes "<its pid> <child pid>" to `<controlDir>/pids`, and waits;
 * - flood: prints 300 MB of "y\n" and exits 0;
 * - invalid-json / invalid-json-failing: prints half a JSON document and exits 0 / 3;
 * - self-kill: prints half a document and kills itself with SIGKILL.
 */
export function misbehavingOpenSpec(controlDir: string): string {
  return fakeOpenSpecBinary(
    [
      `case "$(/usr/bin/cat '${controlDir}/behaviour')" in`,
      `  hang) trap '' TERM; /usr/bin/sleep 600 & echo "$$ $!" > '${controlDir}/pids'; wait ;;`,
      `  flood) /usr/bin/yes | /usr/bin/head -c ${FLOOD_BYTES} ;;`,
      `  invalid-json) printf '{"changes": [ this is not JSON\\n' ;;`,
      `  invalid-json-failing) printf '{"changes": [ this is not JSON\\n'; exit 3 ;;`,
      `  self-kill) printf '{"changes": ['; kill -9 $$ ;;`,
      "esac",
    ].join("\n"),
  );
}
