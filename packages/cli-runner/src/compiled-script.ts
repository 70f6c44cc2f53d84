import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * The path of a script the runner starts as its own Node process (the
 * watchdog, the warm worker): the file next to the calling module, as in
 * dist/ and in an app's bundle, which has each such script as an entry beside
 * its chunks; under test the sources run from src/, where only the compiled
 * copy in the sibling dist/ exists.
 */
export function compiledScript(callerUrl: string, name: string, subfolder?: string): string {
  const beside = fileURLToPath(new URL(`./${name}`, callerUrl));
  if (existsSync(beside)) return beside;
  const up = subfolder === undefined ? "../dist/" : `../../dist/${subfolder}/`;
  return fileURLToPath(new URL(`${up}${name}`, callerUrl));
}
