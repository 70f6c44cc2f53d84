import type { Root } from "mdast";
import remarkStringify from "remark-stringify";
import { unified } from "unified";

const processor = unified().use(remarkStringify, {
  bullet: "-",
  listItemIndent: "one",
  strong: "*",
});

/** Serializes an mdast tree in the house style OpenSpec's templates use. */
export function toMarkdown(root: Root): string {
  return processor.stringify(root);
}
