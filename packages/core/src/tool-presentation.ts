/** How text in a readable view is marked: hosts map tones to colours or styles. */
export type Tone = "plain" | "dim" | "strong" | "good" | "bad" | "warning";

/**
 * One piece of a result laid out for people. The shell CLI prints blocks as
 * text; any other human view can draw the same blocks its own way.
 */
export type ResultBlock =
  /** A line that introduces what follows. */
  | { kind: "heading"; text: string }
  /** Free text, one or more lines. */
  | { kind: "text"; text: string; tone?: Tone }
  /** Rows under column titles; `empty` is shown when there are no rows. */
  | {
      kind: "table";
      columns: readonly string[];
      rows: readonly (readonly string[])[];
      empty: string;
    }
  /** Items that are done or not, with a progress line. */
  | {
      kind: "checklist";
      items: readonly { id?: string; done: boolean; text: string }[];
      empty: string;
    }
  /** A file's content under its name. */
  | { kind: "document"; title: string; text: string }
  /**
   * A unified diff under a title; a host may colour its `+`, `-` and `@@`
   * lines. `text` is the diff exactly as made, file header lines included.
   */
  | { kind: "diff"; title: string; text: string }
  /** Something the reader should know beside the result (a file left out, a cut); the shell prints it to stderr. */
  | { kind: "notice"; text: string };

/** The input fields of a tool, by name. */
type FieldName<Input> = Extract<keyof Input, string>;

/**
 * How people meet a tool: the shell command that calls it, which input
 * fields are positional arguments or have one-letter flags, and how its
 * success reads. Every other input field becomes a `--flag` named after it.
 */
export type ToolPresentation<Input, Success> = {
  /** The words after the program name, e.g. `["spec", "create"]`. */
  command: readonly [string, ...string[]];
  /** One line for command help. */
  summary: string;
  /**
   * Input fields given as positional arguments, in order. An optional one
   * (not a word list) keeps its flag too, so `task list add-login` and
   * `task list --change add-login` both work.
   */
  arguments?: readonly FieldName<Input>[];
  /** One-letter aliases of flags, e.g. `{ change: "c" }`. */
  shortFlags?: Partial<Record<FieldName<Input>, string>>;
  /** Input fields holding filesystem paths; a shell resolves them against its current folder. */
  paths?: readonly FieldName<Input>[];
  /**
   * Flags that set a field to one value, e.g. `--specs` for `kind: "specs"`
   * or `--git` for `from_git: true`; the field's own flag stays too.
   */
  valueFlags?: readonly { flag: string; field: FieldName<Input>; value: string | boolean }[];
  /**
   * String fields holding a whole document (Markdown content): a shell also
   * takes them as `@file` or `-` for stdin, as it takes JSON fields.
   */
  documents?: readonly FieldName<Input>[];
  /**
   * More commands for the same tool, each with some input fields fixed, e.g.
   * `task done <ids...>` for `done: true`. A variant takes the tool's
   * arguments, short flags and paths; its fixed fields get no flag.
   */
  variants?: readonly ToolVariant<Input>[];
  /** The success laid out for people. */
  render(result: Success): readonly ResultBlock[];
  /**
   * Whether a success still falls short of what was asked: a dry run that
   * says the real call would refuse, a change written that does not
   * validate. The result stays `ok: true` (it is a true answer); a shell
   * exits 1 for it, so a script can tell.
   */
  fallsShort?(result: Success): boolean;
};

/** A command that calls a tool with some of its input fields already set. */
export type ToolVariant<Input> = {
  /** The words after the program name, e.g. `["task", "done"]`. */
  command: readonly [string, ...string[]];
  /** One line for command help. */
  summary: string;
  /** The input fields this command sets, by name. */
  fixed: Partial<Input>;
};
