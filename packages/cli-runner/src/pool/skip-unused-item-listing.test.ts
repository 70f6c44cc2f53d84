import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { compiledScript } from "../compiled-script.js";
import { REAL_CLI, writeCompleteChange } from "../test-support/real-cli.js";
import { useRealCliRepo } from "../test-support/real-cli-fixture.js";

// Runs one command of the real CLI in a process of its own, as a warm worker runs it (the
// listing step replaced first, then the CLI's `program`), and counts the folders under
// `openspec/specs` that the command listed. The counting wraps the `fs.promises.readdir`
// the CLI's listing calls; a process of its own keeps the replacement out of other tests.
const COUNTING_RUN = `
import { promises, writeFileSync } from "node:fs";
const [replaceUrl, cliUrl, specs, countFile, ...args] = process.argv.slice(1);
const readdir = promises.readdir;
let listed = 0;
promises.readdir = function (path, ...rest) {
  if (String(path).startsWith(specs)) listed += 1;
  return readdir.call(this, path, ...rest);
};
const { skipUnusedItemListing } = await import(replaceUrl);
const replaced = await skipUnusedItemListing(cliUrl);
const { program } = await import(cliUrl);
process.on("exit", () => writeFileSync(countFile, JSON.stringify({ replaced, listed })));
process.argv = [process.execPath, "openspec", ...args];
await program.parseAsync(process.argv);
`;

describe("a typed one-item validation on a warm worker", () => {
  const cli = useRealCliRepo();

  function countedRun(args: string[]): { replaced: boolean; listed: number; stdout: string } {
    const countFile = join(cli.sandbox.root, "count.json");
    const cliUrl = pathToFileURL(join(dirname(REAL_CLI), "..", "dist", "cli", "index.js")).href;
    const replaceUrl = pathToFileURL(
      compiledScript(import.meta.url, "skip-unused-item-listing.js", "pool"),
    ).href;
    const specs = join(cli.repo, "openspec", "specs");
    const stdout = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", COUNTING_RUN, replaceUrl, cliUrl, specs, countFile, ...args],
      { cwd: cli.repo, env: cli.sandbox.env, encoding: "utf8" },
    );
    return { ...JSON.parse(readFileSync(countFile, "utf8")), stdout };
  }

  const typed = ["validate", "add-greeting", "--type", "change", "--strict", "--json"];

  it("GIVEN the OpenSpec version this package depends on and three plain specs WHEN a change is validated with its type THEN no folder under openspec/specs is listed, and the change is reported valid", () => {
    writeCompleteChange(cli.repo, "add-greeting", "greeting");
    for (const id of ["greeting", "billing", "search"]) {
      mkdirSync(join(cli.repo, "openspec", "specs", id), { recursive: true });
      writeFileSync(join(cli.repo, "openspec", "specs", id, "spec.md"), `# ${id}\n`);
    }

    const run = countedRun([...typed, "--no-interactive"]);

    expect(run).toMatchObject({ replaced: true, listed: 0 });
    expect(JSON.parse(run.stdout).items).toMatchObject([{ id: "add-greeting", valid: true }]);
  });

  it("GIVEN no type, or a linked spec.md the listing must confine WHEN a change is validated THEN the CLI lists the specs as it always does", () => {
    writeCompleteChange(cli.repo, "add-greeting", "greeting");
    mkdirSync(join(cli.repo, "openspec", "specs", "greeting"), { recursive: true });
    writeFileSync(join(cli.repo, "openspec", "specs", "greeting", "spec.md"), "# greeting\n");

    const untyped = countedRun([
      "validate",
      "add-greeting",
      "--strict",
      "--json",
      "--no-interactive",
    ]);
    expect(untyped.replaced).toBe(true);
    expect(untyped.listed).toBeGreaterThan(0);

    mkdirSync(join(cli.repo, "openspec", "specs", "linked"));
    symlinkSync("../greeting/spec.md", join(cli.repo, "openspec", "specs", "linked", "spec.md"));
    const linked = countedRun([...typed, "--no-interactive"]);
    expect(linked.replaced).toBe(true);
    expect(linked.listed).toBeGreaterThan(0);
  });
});
