/** A value as short JSON for a failure message: a megabyte argument must not flood the report. */
export function previewValue(value: unknown, maxLength = 400): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > maxLength
    ? `${text.slice(0, maxLength)}... (${text.length} characters)`
    : text;
}
