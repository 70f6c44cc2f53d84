import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { makeOpenSpecRepository } from "@org/test-kit";

const PARSER_CORPUS = fileURLToPath(
  new URL("../../../spec-parser/src/test-support/corpus/", import.meta.url),
);

/**
 * The spec-parser's corpus of tricky main specs and changes (files end in
 * `.md.txt` there) as an OpenSpec repository, so tests here can hold what
 * this package makes of them against the real CLI.
 */
export function corpusRepository(): string {
  const root = makeOpenSpecRepository({}, "corpus");
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".md.txt") && dir !== PARSER_CORPUS.replace(/\/$/, "")) {
        const target = join(
          root,
          "openspec",
          relative(PARSER_CORPUS, path).split(sep).join("/").slice(0, -".txt".length),
        );
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, readFileSync(path));
      }
    }
  };
  walk(PARSER_CORPUS);
  return root;
}
