import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";

afterEach(removeTemporaryFolders);

const REPOSITORY = new URL("../../..", import.meta.url).pathname;
const SCRIPT = join(REPOSITORY, "scripts", "typecheck-workspace.mjs");
const PLAIN = "tsc -p tsconfig.json --noEmit";

type Command = { label: string; command: string; args: string[] };
type ScriptModule = {
  typecheckCommands: (root: string, packages: unknown[]) => Command[];
  workspacePackages: (root: string) => unknown[];
};

/** A scratch workspace whose packages find the real TypeScript and shared tsconfig. */
function scratchWorkspace(): string {
  const root = temporaryFolder("typecheck-workspace-");
  mkdirSync(join(root, "scripts"));
  copyFileSync(SCRIPT, join(root, "scripts", "typecheck-workspace.mjs"));
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "scratch", private: true }));
  mkdirSync(join(root, "node_modules", "@org"), { recursive: true });
  symlinkSync(
    join(REPOSITORY, "node_modules", "typescript"),
    join(root, "node_modules", "typescript"),
  );
  symlinkSync(join(REPOSITORY, "node_modules", "@types"), join(root, "node_modules", "@types"));
  symlinkSync(
    join(REPOSITORY, "tooling", "tsconfig"),
    join(root, "node_modules", "@org", "tsconfig"),
  );
  return root;
}

function workspacePackage(
  root: string,
  folder: string,
  options: { typecheck?: string; tsconfig?: object; files?: Record<string, string> } = {},
): void {
  const dir = join(root, folder);
  mkdirSync(join(dir, "src"), { recursive: true });
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: folder, scripts: { typecheck: options.typecheck ?? PLAIN } }),
  );
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify(options.tsconfig ?? { extends: "@org/tsconfig/base.json", include: ["src"] }),
  );
  const files = options.files ?? { "index.ts": "export const one: number = 1;\n" };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, "src", name), text);
}

async function commandsFor(root: string): Promise<Command[]> {
  const script = (await import(join(root, "scripts", "typecheck-workspace.mjs"))) as ScriptModule;
  return script.typecheckCommands(root, script.workspacePackages(root));
}

describe("the workspace typecheck", () => {
  it("GIVEN packages of the shared shape, one with other compiler options, one with a reference directive and one with its own command WHEN grouped THEN only packages of the same shape share a program and the others run their own script", async () => {
    const root = scratchWorkspace();
    workspacePackage(root, "packages/a");
    workspacePackage(root, "packages/b");
    workspacePackage(root, "packages/js-a", {
      tsconfig: {
        extends: "@org/tsconfig/base.json",
        compilerOptions: { allowJs: true },
        include: ["src"],
      },
    });
    workspacePackage(root, "packages/js-b", {
      tsconfig: {
        extends: "@org/tsconfig/base.json",
        include: ["src"],
        compilerOptions: { allowJs: true },
      },
    });
    workspacePackage(root, "packages/dom", {
      files: { "page.test.ts": '/// <reference lib="dom" />\nexport const title = "x";\n' },
    });
    workspacePackage(root, "packages/own", { typecheck: `${PLAIN} && echo more` });
    workspacePackage(root, "packages/wide", {
      tsconfig: { extends: "@org/tsconfig/base.json", include: ["src", "test"] },
    });

    const commands = await commandsFor(root);

    expect(commands.map((command) => command.label).sort()).toEqual([
      "packages/a, packages/b",
      "packages/dom",
      "packages/js-a, packages/js-b",
      "packages/own",
      "packages/wide",
    ]);
    expect(commands.find((command) => command.label === "packages/dom")?.args).toEqual([
      "--filter",
      "packages/dom",
      "run",
      "typecheck",
    ]);
  });

  it("GIVEN a type error in a test file of one package among several WHEN the workspace is checked THEN the check fails and names that file", () => {
    const root = scratchWorkspace();
    workspacePackage(root, "packages/a");
    workspacePackage(root, "apps/b", {
      files: {
        "index.ts": "export const one: number = 1;\n",
        "index.test.ts": 'import { one } from "./index.js";\nexport const two: string = one;\n',
      },
    });
    workspacePackage(root, "tooling/c");

    const run = spawnSync(process.execPath, [join(root, "scripts", "typecheck-workspace.mjs")], {
      cwd: root,
      encoding: "utf8",
      env: {
        ...process.env,
        PATH: `${join(REPOSITORY, "node_modules", ".bin")}:${process.env.PATH}`,
      },
    });

    expect(run.status).not.toBe(0);
    expect(run.stdout).toContain("typecheck: packages/a, apps/b, tooling/c");
    expect(run.stdout).toMatch(/apps\/b\/src\/index\.test\.ts\(2,14\): error TS2322/);
  });
});
