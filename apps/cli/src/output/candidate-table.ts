import { formatTable } from "./format-table.js";

/**
 * The artifacts or sources an ambiguous name matched (a failure's
 * `candidates`), as a table to pick from: a shell shows no JSON, and the fix
 * of such a failure says to pass one of them. Each row leads with what to pass
 * (the identifier, else the token). Undefined when the failure has none.
 */
export function candidateTable(result: Record<string, unknown>): string | undefined {
  const { candidates } = result;
  if (!Array.isArray(candidates) || candidates.length === 0) return undefined;
  const rows = candidates.map((candidate: unknown) => {
    const fields = (typeof candidate === "object" && candidate !== null ? candidate : {}) as Record<
      string,
      unknown
    >;
    const text = (key: string) => (typeof fields[key] === "string" ? (fields[key] as string) : "");
    // A source candidate has a path where an artifact has a kind.
    const what = text("kind")
      ? `${fields.archived === true ? "archived " : ""}${text("kind")}`
      : "source";
    return [text("identifier") || text("token"), what, text("name"), text("path")];
  });
  const hasPath = rows.some((row) => row[3] !== "");
  const headers = ["CANDIDATE", "KIND", "NAME", ...(hasPath ? ["PATH"] : [])];
  return formatTable(
    headers,
    rows.map((row) => row.slice(0, headers.length)),
  );
}
