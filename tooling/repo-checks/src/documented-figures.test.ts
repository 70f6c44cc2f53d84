import { toolCatalog, workflowCatalog } from "@org/openspec-core";
import { describe, expect, it } from "vitest";
import { numberFromWords } from "./number-from-words.js";
import { publishablePackages } from "./publishable-packages.js";
import { readRepositoryFile } from "./repository.js";
import { repositoryDocuments } from "./repository-documents.js";

/** A sentence of the docs that states a figure, and the figure it must state. */
type Claim = { file: string; pattern: RegExp; figure: string; expected: number };

const publishable = publishablePackages();
const withoutCli = toolCatalog.filter((tool) => !tool.requiresCli).length;

const CLAIMS: Claim[] = [
  {
    file: "packages/core/README.md",
    pattern: /only the ([\w-]+) that need none/,
    figure: "tools that need no OpenSpec CLI",
    expected: withoutCli,
  },
  {
    file: "packages/mcp-host/README.md",
    pattern: /`tools\/list` has the ([\w-]+) others/,
    figure: "tools that need no OpenSpec CLI",
    expected: withoutCli,
  },
  {
    file: "packages/mcp-host/README.md",
    pattern: /adds or removes ([\w-]+) tools/,
    figure: "tools that need the OpenSpec CLI",
    expected: toolCatalog.length - withoutCli,
  },
  {
    file: "README.md",
    pattern: /([\w-]+) workflows do \(/,
    figure: "workflows",
    expected: workflowCatalog.length,
  },
  {
    file: "docs/releasing.md",
    pattern: /these are all ([\w-]+) of them/,
    figure: "publishable packages",
    expected: publishable.length,
  },
];

/** What is wrong with the claims in the texts `read` gives: a missing sentence or a wrong figure. */
function claimProblems(read: (file: string) => string, claims: readonly Claim[]): string[] {
  return claims.flatMap((claim) => {
    const found = claim.pattern.exec(read(claim.file));
    if (!found) {
      return [
        `${claim.file}: no sentence matches ${claim.pattern} any more; state the number of ${claim.figure} again, or change this check with the text.`,
      ];
    }
    const stated = numberFromWords(found[1] ?? "");
    return stated === claim.expected
      ? []
      : [
          `${claim.file}: "${found[0]}" says ${found[1]} ${claim.figure}; there are ${claim.expected}.`,
        ];
  });
}

/** The package and folder of each row of docs/releasing.md's table of publishable packages. */
function releasingTableRows(text: string): string[] {
  return [...text.matchAll(/^\| `(@org\/[\w-]+)` \| `([\w/-]+)` \|/gm)]
    .map((row) => `${row[1]} ${row[2]}`)
    .sort();
}

/** The publishable packages never released: still at 0.0.0, so not on the registry. */
const unreleasedPackages = new Set(
  publishable.filter((pkg) => pkg.version === "0.0.0").map((pkg) => pkg.name),
);

/**
 * Files that tell users to install one of `unreleased` without saying it is not
 * published. The set is a parameter so the check can be shown to fail after the
 * first release too, when the workspace has no unreleased package left.
 */
function unpublishedInstallProblems(
  files: Record<string, string>,
  unreleased: ReadonlySet<string>,
): string[] {
  return Object.entries(files).flatMap(([file, text]) => {
    const named = [...text.matchAll(/(?:npm install (?:--global |-g )?|npx -y )(@org\/[\w-]+)/g)]
      .map((match) => match[1] as string)
      .filter((name) => unreleased.has(name));
    if (named.length === 0 || /not published yet/i.test(text)) return [];
    return [
      `${file} tells users to install ${[...new Set(named)].join(", ")}, which no release has published yet, without saying "not published yet" and how to install from a checkout.`,
    ];
  });
}

describe("the figures the docs state", () => {
  it("GIVEN the tool catalog, the workflows and the workspace WHEN the docs state how many there are THEN every figure is the current one", () => {
    expect(claimProblems(readRepositoryFile, CLAIMS)).toEqual([]);
  });

  it("GIVEN a README whose figure drifted or whose sentence is gone WHEN checked THEN each is named with the figure to write", () => {
    const drifted = (file: string) =>
      readRepositoryFile(file)
        .replace(/only the [\w-]+ that need none/, "only the eight that need none")
        .replace(/these are all [\w-]+ of them/, "these are the packages");
    const problems = claimProblems(drifted, CLAIMS);
    expect(problems).toEqual([
      `packages/core/README.md: "only the eight that need none" says eight tools that need no OpenSpec CLI; there are ${withoutCli}.`,
      expect.stringContaining("docs/releasing.md: no sentence matches"),
    ]);
  });

  it("GIVEN the workflows of the core WHEN a README lists them by name THEN each list is every workflow, in the catalog's order", async () => {
    const names = workflowCatalog.map((workflow) => workflow.name);
    const lists = (await repositoryDocuments()).flatMap((file) =>
      [...readRepositoryFile(file).matchAll(/\((explore(?:, [a-z-]+)+)\)/g)].map(
        (found) => `${file}: ${found[1]}`,
      ),
    );
    expect(lists.length).toBeGreaterThan(0);
    for (const list of lists) expect(list).toBe(`${list.split(": ")[0]}: ${names.join(", ")}`);
  });

  it("GIVEN the workspace WHEN docs/releasing.md lists the publishable packages THEN its table has exactly every non-private package, with its folder", () => {
    expect(releasingTableRows(readRepositoryFile("docs/releasing.md"))).toEqual(
      publishable.map((pkg) => `${pkg.name} ${pkg.folder}`).sort(),
    );
  });

  it("GIVEN packages no release has published WHEN a README or doc tells users to npm install or npx one THEN it also says it is not published yet", async () => {
    const files = Object.fromEntries(
      (await repositoryDocuments()).map((file) => [file, readRepositoryFile(file)]),
    );
    expect(unpublishedInstallProblems(files, unreleasedPackages)).toEqual([]);
    const withoutNote = {
      "README.md": "Install it:\n\n    npm install --global @org/openspec-cli\n",
    };
    expect(unpublishedInstallProblems(withoutNote, new Set(["@org/openspec-cli"]))).toEqual([
      expect.stringContaining("README.md tells users to install @org/openspec-cli"),
    ]);
    expect(unpublishedInstallProblems(withoutNote, new Set())).toEqual([]);
  });
});
