/**
 * The variables every CLI run gets on top of the caller's environment:
 * telemetry off (it can cost up to a second per call on a networked machine),
 * no ANSI colour in captured text, and no interactive prompts.
 */
const RUNNER_ENV = {
  OPENSPEC_TELEMETRY: "0",
  NO_COLOR: "1",
  OPEN_SPEC_INTERACTIVE: "0",
} as const;

/** The complete environment for the child: `base` without unset entries, plus the runner's variables. */
export function buildChildEnv(
  base: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) {
    if (value !== undefined) env[key] = value;
  }
  return { ...env, ...RUNNER_ENV };
}
