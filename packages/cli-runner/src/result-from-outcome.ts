import { markOpenSpecCommands } from "@org/openspec-failure";
import { collectDiagnostics } from "./collect-diagnostics.js";
import { parseCliJson } from "./parse-cli-json.js";
import type { RunEnvelope, RunResult } from "./run-result.js";
import { splitCliMessage } from "./split-cli-message.js";
import type { BoundedSpawnOutcome } from "./supervise-bounded.js";

type FinishedOutcome = Extract<BoundedSpawnOutcome, { kind: "finished" }>;

interface RunContext {
  command: string[];
  workdir: string;
  timeoutMs: number;
  durationMs: number;
}

function firstLine(text: string): string | undefined {
  return text
    .split("\n")
    .map((line) => line.trim())
    .find((line) => line !== "");
}

/**
 * The first error diagnostic, else the first stderr line, as one failure: the
 * error says what the CLI refused, the fix what it advised (the diagnostic's
 * own `fix`, else the advice at the end of its message), so a reader gets one
 * message and one fix line, not two messages glued together.
 */
function exitFailure(envelope: RunEnvelope): { error: string; fix: string } {
  const exited = `The openspec CLI exited with code ${envelope.exit_code}`;
  const diagnostic =
    envelope.diagnostics.find((entry) => entry.severity === "error") ?? envelope.diagnostics[0];
  const message = diagnostic?.message ?? firstLine(envelope.stderr);
  if (message === undefined) {
    return {
      error: `${exited}.`,
      fix: "Read the CLI's stderr for the cause, correct it, and call again.",
    };
  }
  const { said, advice } = splitCliMessage(message);
  const fix = diagnostic?.fix === undefined ? advice : markOpenSpecCommands(diagnostic.fix);
  return {
    error: `${exited}: ${said}`,
    fix: fix ?? "Correct what the CLI reports, then call again.",
  };
}

/** Turns what the launcher saw into the runner's envelope. */
export function resultFromOutcome(outcome: FinishedOutcome, context: RunContext): RunResult {
  const document = outcome.truncated ? undefined : parseCliJson(outcome.stdout);
  const envelope: RunEnvelope = {
    command: context.command,
    workdir: context.workdir,
    exit_code: outcome.exitCode,
    signal: outcome.signal,
    stdout: document ?? outcome.stdout,
    stderr: outcome.stderr,
    truncated: outcome.truncated,
    duration_ms: context.durationMs,
    diagnostics: document === undefined ? [] : collectDiagnostics(document),
  };
  if (outcome.cancelled) {
    return {
      ok: false,
      code: "cancelled",
      error: "The openspec CLI run was cancelled, so its process group was killed.",
      ...envelope,
    };
  }
  if (outcome.timedOut) {
    return {
      ok: false,
      code: "timeout",
      error: `The openspec CLI did not finish within ${context.timeoutMs} ms, so its process group was killed.`,
      ...envelope,
    };
  }
  if (envelope.exit_code === 0) return { ok: true, ...envelope, exit_code: 0 };
  if (envelope.exit_code === null) {
    return {
      ok: false,
      code: "killed_by_signal",
      error: `The openspec CLI was killed by ${envelope.signal ?? "a signal"}.`,
      ...envelope,
    };
  }
  return {
    ok: false,
    code: "exit_nonzero",
    ...exitFailure(envelope),
    ...envelope,
  };
}
