/** The `code` of a thrown Node error (`EEXIST`, `ENOENT`, …), or undefined: the branch a file operation takes. */
export function codeOf(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error
    ? String(error.code)
    : undefined;
}
