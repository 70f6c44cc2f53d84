import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
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

  it("GIVEN the shared build config, which emits without checking types, and a type error in a package's source WHEN the package is built and the workspace is checked THEN the build emits and the typecheck fails on that line", () => {
    const root = scratchWorkspace();
    workspacePackage(root, "packages/a", {
      files: { "index.ts": "export const one: number = 'one';\n" },
    });
    writeFileSync(
      join(root, "packages/a/package.json"),
      JSON.stringify({ name: "packages/a", type: "module", scripts: { typecheck: PLAIN } }),
    );
    writeFileSync(
      join(root, "packages/a/tsconfig.build.json"),
      JSON.stringify({ extends: "@org/tsconfig/library.json" }),
    );
    const env = {
      ...process.env,
      PATH: `${join(REPOSITORY, "node_modules", ".bin")}:${process.env.PATH}`,
    };

    const build = spawnSync("tsc", ["-p", "tsconfig.build.json"], {
      cwd: join(root, "packages/a"),
      encoding: "utf8",
      env,
    });
    const check = spawnSync(process.execPath, [join(root, "scripts", "typecheck-workspace.mjs")], {
      cwd: root,
      encoding: "utf8",
      env,
    });

    expect(build.stdout).toBe("");
    expect(build.status).toBe(0);
    expect(existsSync(join(root, "packages/a/dist/index.d.ts"))).toBe(true);
    expect(check.status).not.toBe(0);
    expect(check.stdout).toMatch(/^src\/index\.ts\(1,14\): error TS2322/m);
  });

  it("GIVEN this workspace WHEN its built packages are read THEN each one's typecheck covers the src its build emits", () => {
    const unchecked: string[] = [];
    for (const folder of builtFolders()) {
      const manifest = JSON.parse(readFileSync(join(REPOSITORY, folder, "package.json"), "utf8"));
      const tsconfig = readFileSync(join(REPOSITORY, folder, "tsconfig.json"), "utf8");
      const typecheck: string = manifest.scripts?.typecheck ?? "";
      if (!typecheck.startsWith(PLAIN) || !/"include":\s*\[\s*"src"\s*\]/.test(tsconfig)) {
        unchecked.push(folder);
      }
    }

    expect(builtFolders().length).toBeGreaterThan(10);
    expect(unchecked).toEqual([]);
  });
});

/** The workspace's package folders whose build compiles with the shared library config. */
function builtFolders(): string[] {
  return ["packages", "apps", "tooling"].flatMap((group) =>
    readdirSync(join(REPOSITORY, group))
      .map((name) => `${group}/${name}`)
      .filter((folder) => existsSync(join(REPOSITORY, folder, "tsconfig.build.json"))),
  );
}
