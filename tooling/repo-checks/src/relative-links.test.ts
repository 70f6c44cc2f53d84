import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { findBrokenLinks } from "./find-broken-links.js";
import { REPOSITORY } from "./repository.js";
import { repositoryDocuments } from "./repository-documents.js";

afterEach(removeTemporaryFolders);

describe("relative links of the docs", () => {
  it("GIVEN every README and docs page WHEN their relative links are followed THEN each file exists and each #anchor names a heading of its target", async () => {
    const broken = findBrokenLinks(REPOSITORY, await repositoryDocuments());
    expect(
      broken.map((link) => `${link.document}:${link.line}: ${link.target}: ${link.reason}`),
    ).toEqual([]);
  });

  it("GIVEN a page linking a missing file, a missing anchor, a good anchor and a link inside a code block WHEN checked THEN only the two broken links are reported, with their lines", () => {
    const root = temporaryFolder("links-");
    mkdirSync(join(root, "docs"));
    writeFileSync(join(root, "docs", "guide.md"), "# Guide\n\n## Start here\n\n## Start here\n");
    writeFileSync(
      join(root, "README.md"),
      [
        "# Title",
        "",
        "[good](docs/guide.md#start-here) and [second](docs/guide.md#start-here-1) and [self](#title)",
        "[missing file](docs/none.md)",
        "[missing anchor](docs/guide.md#the-end)",
        "",
        "```md",
        "[not a link](docs/none.md)",
        "```",
        "[web](https://example.com/x#y)",
      ].join("\n"),
    );
    expect(findBrokenLinks(root, ["README.md"])).toEqual([
      {
        document: "README.md",
        line: 4,
        target: "docs/none.md",
        reason: "docs/none.md does not exist",
      },
      {
        document: "README.md",
        line: 5,
        target: "docs/guide.md#the-end",
        reason: "docs/guide.md has no heading whose anchor is #the-end",
      },
    ]);
  });
});
