import { parseAst } from "rolldown/parseAst";

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
 * with a TypeScript parser (oxc's, through rolldown, which the tests' vite
 * already installs; TypeScript 7 has no JavaScript API), not a pattern, so a
 * description or a comment that names a tool is not taken for a fix.
 */
export function findLiteralFixNames(
  file: string,
  source: string,
  toolNames: readonly string[],
): LiteralFixName[] {
  const tree = parseAst(
    source,
    { lang: file.endsWith(".tsx") ? "tsx" : "ts" },
    file,
  ) as unknown as Node;
  const found: LiteralFixName[] = [];
  const check = (node: Node | undefined) => {
    for (const text of stringsIn(node)) {
      const unmarked = text.value.replace(FIX_MARK, "");
      const named =
        toolNames.find((name) => new RegExp(`\\b${name}\\b`).test(unmarked)) ??
        FIELD_SET.exec(unmarked)?.[0] ??
        CLI_COMMAND.exec(unmarked)?.[0];
      if (named === undefined) continue;
      const line = source.slice(0, text.start).split("\n").length;
      found.push({ file, line, text: text.value, named });
    }
  };
  const visit = (node: Node, inFix: boolean) => {
    if (isPropertyAssignment(node) && WORDED.has(propertyName(node.key) ?? "")) check(node.value);
    else if (node.type === "VariableDeclarator" && propertyName(node.id) === "fix")
      check(node.init);
    else if (
      node.type === "CallExpression" &&
      node.callee?.type === "Identifier" &&
      node.callee.name === "toolFailure"
    )
      check(node.arguments?.[2]);
    else if (inFix && node.type === "ReturnStatement") check(node.argument);
    const name =
      node.type === "FunctionDeclaration"
        ? node.id
        : node.type === "MethodDefinition" || (node.type === "Property" && node.method)
          ? node.key
          : undefined;
    const fixFunction = name !== undefined && /Fix$/.test(propertyName(name) ?? "");
    for (const child of childrenOf(node)) {
      visit(child, fixFunction || (inFix && !FUNCTION_LIKE.has(node.type)));
    }
  };
  visit(tree, false);
  return found;
}

/** The fields of an ESTree node this check reads; the parser gives more. */
type Node = {
  type: string;
  start: number;
  [field: string]: unknown;
  key?: Node;
  value?: Node | string | boolean | number | null | { cooked?: string | null; raw: string };
  id?: Node;
  init?: Node;
  callee?: Node;
  arguments?: Node[];
  argument?: Node;
  name?: string;
  method?: boolean;
  shorthand?: boolean;
  kind?: string;
  quasis?: Node[];
  expressions?: Node[];
};

const FUNCTION_LIKE = new Set([
  "FunctionDeclaration",
  "FunctionExpression",
  "ArrowFunctionExpression",
  "MethodDefinition",
  "TSDeclareFunction",
]);

/** `fix: "…"` in an object, not a method, a getter or a shorthand `{ fix }`. */
function isPropertyAssignment(node: Node): node is Node & { key: Node; value: Node } {
  return node.type === "Property" && node.kind === "init" && !node.method && !node.shorthand;
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as Node).type === "string";
}

/** A node's child nodes, in source order. */
function childrenOf(node: Node): Node[] {
  const children: Node[] = [];
  for (const [field, value] of Object.entries(node)) {
    if (field === "type") continue;
    if (isNode(value)) children.push(value);
    else if (Array.isArray(value)) children.push(...value.filter(isNode));
  }
  return children.sort((a, b) => a.start - b.start);
}

function propertyName(name: Node | undefined): string | undefined {
  if (name?.type === "Identifier") return name.name;
  return name?.type === "Literal" && typeof name.value === "string" ? name.value : undefined;
}

/** Every string literal and template part under `node`, with its text and where it starts. */
function stringsIn(node: Node | undefined): { start: number; value: string }[] {
  if (node === undefined) return [];
  if (node.type === "Literal" && typeof node.value === "string") {
    return [{ start: node.start, value: node.value }];
  }
  if (node.type === "TemplateElement") {
    const value = node.value as { cooked?: string | null; raw: string };
    return [{ start: node.start, value: value.cooked ?? value.raw }];
  }
  return childrenOf(node).flatMap(stringsIn);
}
