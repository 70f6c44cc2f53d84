/** How many error diagnostics the entries hold: what makes `openspec archive` refuse a change. */
export function countErrors(
  entries: readonly { diagnostics: readonly { severity: string }[] }[],
): number {
  return entries.reduce(
    (total, entry) =>
      total + entry.diagnostics.filter((diagnostic) => diagnostic.severity === "error").length,
    0,
  );
}
