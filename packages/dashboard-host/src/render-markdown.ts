import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

type Node = { type: string; value?: string; children?: Node[] };

/**
 * Raw HTML in a repository's markdown becomes plain text: a spec that holds
 * `<script>` shows those characters, as a reader of the file sees them.
 */
function rawHtmlAsText() {
  const visit = (node: Node) => {
    if (node.type === "html") node.type = "text";
    node.children?.forEach(visit);
  };
  return (tree: Node) => visit(tree);
}

// rehype-sanitize (GitHub's schema) comes last all the same: it drops event
// handlers, javascript: links and every element outside its allow-list.
const processor = unified()
  .use(remarkParse)
  .use(rawHtmlAsText)
  .use(remarkRehype)
  .use(rehypeSanitize)
  .use(rehypeStringify);

/**
 * Markdown from a repository as sanitized HTML, synchronously: it runs in
 * the markdown worker (`markdown-worker.ts`); pages get it through
 * `MarkdownRenderer`, which bounds its cost.
 */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}
