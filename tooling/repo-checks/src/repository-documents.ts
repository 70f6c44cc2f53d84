import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { REPOSITORY } from "./repository.js";

/** The checkout's READMEs and docs/*.md, as `pnpm generate-docs` reads them. */
export async function repositoryDocuments(): Promise<string[]> {
  const url = pathToFileURL(join(REPOSITORY, "scripts/docs/markdown-documents.mjs")).href;
  const { markdownDocuments } = (await import(url)) as {
    markdownDocuments: (root: string) => string[];
  };
  return markdownDocuments(REPOSITORY);
}
