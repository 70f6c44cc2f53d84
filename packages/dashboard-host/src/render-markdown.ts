import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { SafeHtml } from "./html.js";

// Raw HTML in markdown is dropped by remark-rehype (allowDangerousHtml is off),
// and rehype-sanitize's GitHub schema removes what is left of scripts, event
// handlers and javascript: links, so a repository's text cannot run in the page.
const processor = unified()
  .use(remarkParse)
  .use(remarkRehype)
  .use(rehypeSanitize)
  .use(rehypeStringify);

/** Markdown from a repository as sanitized HTML. */
export function renderMarkdown(markdown: string): SafeHtml {
  return new SafeHtml(String(processor.processSync(markdown)));
}
