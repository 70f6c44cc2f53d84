import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

/** A temp folder with its own HOME and XDG folders, so no test touches the real home. */
export interface Sandbox {
  root: string;
  home: string;
  /** A complete child environment: node on PATH, HOME and XDG inside the sandbox. */
  env: Record<string, string>;
  /** A fresh directory inside the sandbox. */
  makeDir(name: string): string;
  dispose(): void;
}

export function createSandbox(): Sandbox {
  const root = mkdtempSync(join(tmpdir(), "cli-runner-"));
  const makeDir = (name: string) => {
    const path = join(root, name);
    mkdirSync(path, { recursive: true });
    return path;
  };
  const home = makeDir("home");
  return {
    root,
    home,
    env: {
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: home,
      XDG_CONFIG_HOME: makeDir("xdg-config"),
      XDG_DATA_HOME: makeDir("xdg-data"),
      OPENSPEC_TELEMETRY: "0",
      NO_COLOR: "1",
    },
    makeDir,
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * Registers hooks that give each test (`"each"`) or the whole file (`"all"`)
 * a fresh sandbox, disposed afterwards. Read `.current` inside tests.
 */
export function useSandbox(scope: "each" | "all"): { readonly current: Sandbox } {
  let sandbox: Sandbox | undefined;
  const [before, after] = scope === "each" ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(() => {
    sandbox = createSandbox();
  });
  after(() => sandbox?.dispose());
  return {
    get current() {
      if (sandbox === undefined) throw new Error("useSandbox: read .current inside a test");
      return sandbox;
    },
  };
}
