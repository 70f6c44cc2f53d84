/**
 * The envelope of a CLI run for an answer the artifacts reader gave instead
 * (`engine: "native"`): the command it stands for, exit code 0, the
 * document as the CLI's parsed stdout, so callers read both engines alike.
 */
export function nativeAnswer<Document>(
  args: string[],
  workdir: string,
  document: Document,
  startedAt: number,
) {
  return {
    ok: true as const,
    command: ["openspec", ...args],
    workdir,
    exit_code: 0 as const,
    signal: null,
    stdout: document,
    stderr: "",
    truncated: false,
    duration_ms: Math.round(performance.now() - startedAt),
    diagnostics: [],
    engine: "native" as const,
  };
}
