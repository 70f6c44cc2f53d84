import ts from "typescript";

/** One fix text that names a tool or sets a field in its own words instead of through a mark. */
export type LiteralFixName = { file: string; line: number; text: string; named: string };

// The marks of packages/core's fix-wording.ts; kept as a pattern here so the
// check reads the source without loading the catalog's modules.
const FIX_MARK = /\{(tool|field):[a-z_][a-z0-9_.]*(?:[ =][A-Za-z0-9_.-]+)*\}/g;
const FIELD_SET = /"?\b[a-z][a-z0-9_]*"?: (true|false)\b/;
/**
 * An OpenSpec CLI command named as `openspec <command>`: a shell user has it
 * as `openspec-agent openspec <command>`, which the `{openspec}` mark gives.
 * `openspec/` (the folder) and `openspec_…` (a tool) are not commands.
 */
const CLI_COMMAND =
  /(?<![\w/.-])openspec (init|update|list|view|change|archive|spec|config|schema|store|doctor|context|workset|validate|show|status|instructions|templates|schemas|new)\b/;

/**
 * Properties whose text each host words: a failure's `fix`, a success's
 * `note` and `hint` (the catalog words them), a skipped entry's `detail` (its
 * tool words it), and a text block's `text` (the shell words its view).
 */
const WORDED = new Set(["fix", "note", "hint", "detail", "text"]);

/**
 * The fix texts of one source file that name a catalog tool literally
 * (`openspec_source_list`), set a field in agents' words (`force: true`) or
 * name an OpenSpec CLI command as `openspec store setup`: each host must word
 * those itself (a shell says `openspec-agent sources list`, `--force` and
 * `openspec-agent openspec store setup`), which it can only do through
 * `{tool:…}`, `{field:…}` and `{openspec}` marks. A fix text is a string
 * given to a property of `WORDED` or a `fix` variable, the third argument of
 * `toolFailure`, or returned by a function whose name ends in `Fix`. Read
 * with the TypeScript parser, not a pattern, so a description or a comment
 * that names a tool is not taken for a fix.
 */
export function findLiteralFixNames(
  file: string,
  source: string,
  toolNames: readonly string[],
): LiteralFixName[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: LiteralFixName[] = [];
  const check = (node: ts.Node | undefined) => {
    for (const text of stringsIn(node)) {
      const unmarked = text.value.replace(FIX_MARK, "");
      const named =
        toolNames.find((name) => new RegExp(`\\b${name}\\b`).test(unmarked)) ??
        FIELD_SET.exec(unmarked)?.[0] ??
        CLI_COMMAND.exec(unmarked)?.[0];
      if (named === undefined) continue;
      const { line } = tree.getLineAndCharacterOfPosition(text.node.getStart());
      found.push({ file, line: line + 1, text: text.value, named });
    }
  };
  const visit = (node: ts.Node, inFix: boolean) => {
    if (ts.isPropertyAssignment(node) && WORDED.has(propertyName(node.name) ?? ""))
      check(node.initializer);
    else if (ts.isVariableDeclaration(node) && propertyName(node.name) === "fix")
      check(node.initializer);
    else if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "toolFailure"
    )
      check(node.arguments[2]);
    else if (inFix && ts.isReturnStatement(node)) check(node.expression);
    const fixFunction =
      (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) &&
      node.name !== undefined &&
      /Fix$/.test(propertyName(node.name) ?? "");
    ts.forEachChild(node, (child) =>
      visit(child, fixFunction || (inFix && !ts.isFunctionLike(node))),
    );
  };
  visit(tree, false);
  return found;
}

function propertyName(name: ts.Node): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/** Every string literal and template part under `node`, with its text. */
function stringsIn(node: ts.Node | undefined): { node: ts.Node; value: string }[] {
  if (node === undefined) return [];
  if (ts.isStringLiteralLike(node)) return [{ node, value: node.text }];
  if (ts.isTemplateExpression(node)) {
    return [
      { node: node.head, value: node.head.text },
      ...node.templateSpans.flatMap((span) => [
        ...stringsIn(span.expression),
        { node: span.literal, value: span.literal.text },
      ]),
    ];
  }
  const inner: { node: ts.Node; value: string }[] = [];
  ts.forEachChild(node, (child) => {
    inner.push(...stringsIn(child));
  });
  return inner;
}
