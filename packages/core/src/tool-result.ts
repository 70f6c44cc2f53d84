/** What every tool returns: `ok` first, and on failure one sentence, a stable code and a fix. */
export type ToolSuccess = { ok: true } & Record<string, unknown>;

export type ToolFailure = {
  ok: false;
  /** A stable snake_case code an agent can branch on. */
  code: string;
  /** One sentence that says what went wrong. */
  error: string;
  /** One sentence or command that says what to do about it. */
  fix?: string;
} & Record<string, unknown>;

export type ToolResult = ToolSuccess | ToolFailure;

export function toolFailure(
  code: string,
  error: string,
  fix?: string,
  extra: Record<string, unknown> = {},
): ToolFailure {
  return fix === undefined
    ? { ok: false, code, error, ...extra }
    : { ok: false, code, error, fix, ...extra };
}
