const DATE_PREFIX = /^\d{4}-\d{2}-\d{2}-/;

/**
 * The folder `openspec archive` moves a change to under `changes/archive/`:
 * `YYYY-MM-DD-<change>` in the local time zone of the process, or the name as
 * it is when it already starts with a date.
 */
export function archiveName(change: string, now: Date = new Date()): string {
  if (DATE_PREFIX.test(change)) return change;
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}-${change}`;
}
