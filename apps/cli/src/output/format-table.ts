/** Plain aligned columns: a header row, then one row per entry. */
export function formatTable(headers: string[], rawRows: string[][]): string {
  // A line break or tab inside a cell would break the columns; show it instead.
  const rows = rawRows.map((row) =>
    row.map((cell) => cell.replace(/\r/g, "\\r").replace(/\n/g, "\\n").replace(/\t/g, "\\t")),
  );
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return [line(headers), ...rows.map(line)].join("\n");
}
