// The Markdown files of a checkout that speak to users: every README of the
// workspace and docs/*.md. Shared by `pnpm generate-docs` (which rewrites the
// generated sections in them) and tooling/repo-checks (which holds their
// figures and install notes to the workspace).
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** Paths relative to `root`, the root README first. */
export function markdownDocuments(root) {
  const files = ["README.md"];
  for (const group of ["apps", "packages", "tooling"]) {
    if (!existsSync(join(root, group))) continue;
    for (const entry of readdirSync(join(root, group), { withFileTypes: true })) {
      const readme = join(group, entry.name, "README.md");
      if (entry.isDirectory() && existsSync(join(root, readme))) files.push(readme);
    }
  }
  if (existsSync(join(root, "docs"))) {
    for (const name of readdirSync(join(root, "docs")).sort()) {
      if (name.endsWith(".md")) files.push(join("docs", name));
    }
  }
  return files.filter((file) => existsSync(join(root, file)));
}
