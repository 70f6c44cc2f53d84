import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import GithubSlugger from "github-slugger";
import type { Heading, Link, Nodes } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { toString as textOf } from "mdast-util-to-string";

/** A link of a Markdown document that leads nowhere: the document, its line, the target and why. */
export type BrokenLink = { document: string; line: number; target: string; reason: string };

/**
 * Every relative link in `documents` (paths from `root`) whose file is missing
 * or whose `#anchor` names no heading of its target, as GitHub renders them.
 * Links are read from the parsed Markdown, so a link shown inside a code block
 * is not one; addresses with a scheme (https:, mailto:) are left to the web.
 */
export function findBrokenLinks(root: string, documents: readonly string[]): BrokenLink[] {
  const anchorsOf = new Map<string, Set<string>>();
  const anchors = (file: string): Set<string> => {
    let found = anchorsOf.get(file);
    if (found === undefined) {
      found = headingAnchors(parse(readFileSync(join(root, file), "utf8")));
      anchorsOf.set(file, found);
    }
    return found;
  };
  return documents.flatMap((document) => {
    const tree = parse(readFileSync(join(root, document), "utf8"));
    return linksOf(tree).flatMap((link): BrokenLink[] => {
      const target = link.url;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) return [];
      const line = link.position?.start.line ?? 0;
      const [path = "", anchor] = target.split("#", 2);
      const file =
        path === "" ? document : relative(root, join(root, dirname(document), decodeURI(path)));
      if (file.startsWith(".."))
        return [{ document, line, target, reason: "it leads outside the checkout" }];
      if (!existsSync(join(root, file)))
        return [{ document, line, target, reason: `${file} does not exist` }];
      if (
        anchor === undefined ||
        anchor === "" ||
        !file.endsWith(".md") ||
        statSync(join(root, file)).isDirectory()
      )
        return [];
      return anchors(file).has(decodeURIComponent(anchor))
        ? []
        : [{ document, line, target, reason: `${file} has no heading whose anchor is #${anchor}` }];
    });
  });
}

function parse(text: string): Nodes {
  return fromMarkdown(text);
}

/** The anchors GitHub gives a document's headings (github-slugger, duplicates numbered), plus explicit `<a id>` / `name` ones. */
function headingAnchors(tree: Nodes): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  visit(tree, (node) => {
    if (node.type === "heading") anchors.add(slugger.slug(textOf(node as Heading)));
    if (node.type === "html") {
      for (const match of node.value.matchAll(/<a\s+(?:id|name)="([^"]+)"/g))
        anchors.add(match[1] ?? "");
    }
  });
  return anchors;
}

function linksOf(tree: Nodes): Link[] {
  const links: Link[] = [];
  visit(tree, (node) => {
    if (node.type === "link") links.push(node);
  });
  return links;
}

function visit(node: Nodes, onNode: (node: Nodes) => void): void {
  onNode(node);
  if ("children" in node) for (const child of node.children) visit(child as Nodes, onNode);
}
