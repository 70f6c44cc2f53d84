import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AUTH_SPEC, makeOpenSpecRepository, temporaryFolder } from "@org/test-kit";

/** The text of the file outside the repository: no answer may ever hold it. */
export const OUTSIDE_SECRET = "OUTSIDE-SECRET";

/**
 * A repository whose real spec folder `leak` holds a `spec.md` that is a
 * symlink to a file outside it: what every tool that reads a spec must refuse.
 */
export function repositoryWithSpecLinkedOut(): string {
  const root = makeOpenSpecRepository();
  const outside = join(temporaryFolder("elsewhere-"), "spec.md");
  writeFileSync(outside, AUTH_SPEC.replace("# Auth", `# ${OUTSIDE_SECRET}`));
  mkdirSync(join(root, "openspec/specs/leak"));
  symlinkSync(outside, join(root, "openspec/specs/leak/spec.md"));
  return root;
}
