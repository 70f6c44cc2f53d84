import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { compiledScript } from "../compiled-script.js";
import { initRepo, REAL_CLI, writeCompleteChange } from "../test-support/real-cli.js";
import { useRealCliRepo } from "../test-support/real-cli-fixture.js";
import { useSandbox } from "../test-support/sandbox.js";
import { skipUnusedItemListing } from "./skip-unused-item-listing.js";

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

const PINNED_PACKAGE = join(dirname(REAL_CLI), "..");

/**
 * The pinned CLI under another version number: its own `package.json` with
 * `version` changed, beside links to the real `bin/` and `dist/`, so the code
 * that runs is the pinned CLI's and only the version it says differs.
 */
function pinnedCliAsVersion(root: string, version: string): string {
  const copy = join(root, `openspec-${version}`);
  mkdirSync(copy, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(PINNED_PACKAGE, "package.json"), "utf8"));
  writeFileSync(join(copy, "package.json"), JSON.stringify({ ...manifest, version }));
  symlinkSync(join(PINNED_PACKAGE, "dist"), join(copy, "dist"));
  symlinkSync(join(PINNED_PACKAGE, "bin"), join(copy, "bin"));
  return pathToFileURL(join(copy, "dist", "cli", "index.js")).href;
}

/** The validation report without its per-item timings, the only part that differs between runs. */
function withoutTimings(stdout: string): unknown {
  return JSON.parse(stdout, (key, value) => (key === "durationMs" ? undefined : value));
}

describe("a typed one-item validation on a warm worker", () => {
  const cli = useRealCliRepo();

  function countedRun(
    args: string[],
    cliUrl = pathToFileURL(join(PINNED_PACKAGE, "dist", "cli", "index.js")).href,
    repo = cli.repo,
  ): { replaced: boolean; listed: number; stdout: string } {
    const countFile = join(cli.sandbox.root, "count.json");
    const replaceUrl = pathToFileURL(
      compiledScript(import.meta.url, "skip-unused-item-listing.js", "pool"),
    ).href;
    const specs = join(repo, "openspec", "specs");
    const stdout = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", COUNTING_RUN, replaceUrl, cliUrl, specs, countFile, ...args],
      { cwd: repo, env: cli.sandbox.env, encoding: "utf8" },
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

  it("GIVEN the pinned CLI saying it is another version WHEN a change is validated with its type THEN the listing step is kept, the specs are listed, and the report equals the pinned version's", () => {
    const repo = initRepo(cli.sandbox, "plain-specs");
    writeCompleteChange(repo, "add-greeting", "greeting");
    mkdirSync(join(repo, "openspec", "specs", "greeting"), { recursive: true });
    writeFileSync(join(repo, "openspec", "specs", "greeting", "spec.md"), "# greeting\n");

    const pinned = countedRun([...typed, "--no-interactive"], undefined, repo);
    const other = countedRun(
      [...typed, "--no-interactive"],
      pinnedCliAsVersion(cli.sandbox.makeDir("other-version"), "1.99.0"),
      repo,
    );

    expect(pinned).toMatchObject({ replaced: true, listed: 0 });
    expect(other.replaced).toBe(false);
    expect(other.listed).toBeGreaterThan(0);
    expect(withoutTimings(other.stdout)).toEqual(withoutTimings(pinned.stdout));
  });
});

/**
 * A stand-in package with the pinned CLI's name and version whose
 * `dist/commands/validate.js` is `commands`, for what a new CLI release may
 * change: the methods the replacement relies on. Returns its CLI entry's URL.
 */
function pinnedVersionWithCommands(root: string, commands: string): string {
  const manifest = JSON.parse(readFileSync(join(PINNED_PACKAGE, "package.json"), "utf8"));
  mkdirSync(join(root, "dist", "cli"), { recursive: true });
  mkdirSync(join(root, "dist", "commands"));
  writeFileSync(
    join(root, "package.json"),
    JSON.stringify({ name: manifest.name, version: manifest.version, type: "module" }),
  );
  writeFileSync(join(root, "dist", "cli", "index.js"), "export {};\n");
  writeFileSync(join(root, "dist", "commands", "validate.js"), commands);
  return pathToFileURL(join(root, "dist", "cli", "index.js")).href;
}

describe("the listing step of a CLI whose validate command changed shape", () => {
  const sandbox = useSandbox("each");
  const ownMethod = "validateDirectItem() { return 'the CLI\\'s own'; }";

  it("GIVEN the pinned version number whose ValidateCommand has all three methods WHEN the step is replaced THEN its validateDirectItem is another function", async () => {
    const url = pinnedVersionWithCommands(
      sandbox.current.makeDir("whole"),
      `export class ValidateCommand { ${ownMethod} listChangeIds() {} validateByType() {} }\n`,
    );
    const { ValidateCommand } = await import(new URL("../commands/validate.js", url).href);
    const before = ValidateCommand.prototype.validateDirectItem;

    expect(await skipUnusedItemListing(url)).toBe(true);
    expect(ValidateCommand.prototype.validateDirectItem).not.toBe(before);
  });

  it.each([
    ["no listChangeIds", `export class ValidateCommand { ${ownMethod} validateByType() {} }\n`],
    ["no validateByType", `export class ValidateCommand { ${ownMethod} listChangeIds() {} }\n`],
    [
      "no validateDirectItem",
      "export class ValidateCommand { listChangeIds() {} validateByType() {} }\n",
    ],
    [
      "another class name",
      `export class ValidateItems { ${ownMethod} listChangeIds() {} validateByType() {} }\n`,
    ],
  ])(
    "GIVEN the pinned version number whose validate command has %s WHEN the step would be replaced THEN it is not, and the CLI's own method stays",
    async (_shape, commands) => {
      const url = pinnedVersionWithCommands(sandbox.current.makeDir("changed"), commands);
      const module = await import(new URL("../commands/validate.js", url).href);
      const before = module.ValidateCommand?.prototype.validateDirectItem;

      expect(await skipUnusedItemListing(url)).toBe(false);
      expect(module.ValidateCommand?.prototype.validateDirectItem).toBe(before);
    },
  );
});
