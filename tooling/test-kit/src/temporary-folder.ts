import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made: string[] = [];

/** A fresh folder under the system temp dir; `removeTemporaryFolders` deletes it. */
export function temporaryFolder(prefix = "openspec-agent-test-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Deletes every folder `temporaryFolder` made so far (call it in `afterEach`). */
export function removeTemporaryFolders(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
