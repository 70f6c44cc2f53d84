/**
 * How a result's `fix` names the tools and input fields it points to:
 * `tool` (the default, what agents call: `openspec_task_set_status`,
 * `force: true`, and how to get a tool the host does not offer), `command` (a shell: `openspec-agent task done`,
 * `--force`), with the program name the commands start with, or `page` (a
 * web page): the page's own buttons for the tools it has one for (`Run
 * again` for `openspec_validate`), shell commands for the rest.
 */
export type FixWording =
  | {
      kind: "tool";
      /**
       * For a tool the host does not offer its client now, a few words on how to
       * get it (`in the toolset "sources", …`); they follow the tool's name.
       */
      unoffered?: (tool: string) => string | undefined;
    }
  | { kind: "command"; program: string }
  | { kind: "page"; program: string; actions: Readonly<Record<string, string>> };

/**
 * Fix texts name tools and fields through these marks, never literally, so
 * each host words them its own way (see `wordFix`):
 * - `{tool:openspec_source_list}`, or with fields it is called with:
 *   `{tool:openspec_task_set_status done=true}`;
 * - `{field:force=true}`, `{field:name}`: a field of the tool that answered;
 *   `{field:openspec_change_create.tasks}`: a field of another tool;
 * - `{openspec}`: the OpenSpec CLI as the reader runs it, before its
 *   arguments (`{openspec} init`): `openspec` for an agent,
 *   `openspec-agent openspec` in a shell, which installs it under that name.
 * A value is `true`, `false`, a number or one word.
 */
export const FIX_MARK =
  /\{(?:(tool|field):([a-z_][a-z0-9_.]*)((?:[ =][A-Za-z0-9_.-]+)*)|(openspec))\}/g;

/** One mark of a fix text, read: what it names and with which values. */
export type FixMark = {
  /** The whole mark as written, e.g. `{field:force=true}`. */
  text: string;
  kind: "tool" | "field" | "openspec";
  /** The tool it names, or whose field it names (the answering tool unless written). */
  tool: string;
  /** The field, for a field mark. */
  field?: string;
  /** The values given: a tool's fields, or the field's own value under its name. */
  values: Record<string, string | number | boolean>;
};

/** The marks of a fix text, in order; `answered` is the tool whose result holds it. */
export function readFixMarks(fix: string, answered: string): FixMark[] {
  return [...fix.matchAll(FIX_MARK)].map(([text, kind, target = "", rest = "", cli]) => {
    if (cli) return { text, kind: "openspec", tool: "openspec_cli", values: {} };
    if (kind === "tool") {
      const values = Object.fromEntries(
        rest
          .trim()
          .split(" ")
          .filter((pair) => pair !== "")
          .map((pair) => {
            const [field = "", value = "true"] = pair.split("=");
            return [field, readValue(value)];
          }),
      );
      return { text, kind: "tool", tool: target, values };
    }
    const dot = target.lastIndexOf(".");
    const tool = dot === -1 ? answered : target.slice(0, dot);
    const field = target.slice(dot + 1);
    const values = rest.startsWith("=") ? { [field]: readValue(rest.slice(1)) } : {};
    return { text, kind: "field", tool, field, values };
  });
}

function readValue(text: string): string | number | boolean {
  if (text === "true") return true;
  if (text === "false") return false;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}
