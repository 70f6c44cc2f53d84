import { mkdirSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  AUTH_SPEC,
  DARK_MODE_CHANGE,
  isolatedEnvironment,
  makeOpenSpecRepository,
  writeFiles,
} from "@org/test-kit";

/** Text that appears only in files outside the repository: an answer that holds it has leaked. */
export const OUTSIDE_MARKER = "OUTSIDE-SECRET-7f3a";

export const ARCHIVED_CHANGE = "2024-01-15-add-search";

/**
 * A repository and its surroundings: `root` holds the repository (the only
 * place a tool may write), an `outside` folder and an `outside.md` file next to
 * it, and symlinks inside the repository that lead out (to a file, to a folder,
 * and through a second symlink) or nowhere (`openspec/specs/loop` points at
 * itself). The home and registry lie elsewhere.
 */
export type Sandbox = {
  root: string;
  repo: string;
  outside: string;
  outsideFile: string;
  home: string;
  env: Record<string, string | undefined>;
};

/** The spec ids a scan of the outside folder finds: a listing that shows one has looked outside. */
export const OUTSIDE_SPEC_IDS = ["spec-folder", "change/specs/outside", "outside"] as const;

/** The spec names and change names in the repository that are symlinks leading out. */
export const ESCAPING_SPECS = ["leak-dir", "leak-file", "chained"] as const;
export const ESCAPING_CHANGE = "escape";

const outsideSpec = `# Outside

## Purpose

${OUTSIDE_MARKER}: this spec lives outside every repository and must never be read through one.

## Requirements

### Requirement: Stay outside
The system SHALL never show this text (${OUTSIDE_MARKER}).

#### Scenario: Read through a symlink
- **WHEN** a tool follows a symlink out of the repository
- **THEN** it refuses
`;

export function makeSandbox(extraEnv: Record<string, string | undefined> = {}): Sandbox {
  const repo = makeOpenSpecRepository(
    {
      ...DARK_MODE_CHANGE,
      "openspec/specs/auth/spec.md": AUTH_SPEC,
      [`openspec/changes/archive/${ARCHIVED_CHANGE}/proposal.md`]: "# Add search\n",
    },
    "shop",
  );
  const root = dirname(repo);
  const outside = join(root, "outside");
  const outsideFile = join(root, "outside.md");
  writeFiles(root, {
    "outside.md": outsideSpec,
    "outside/notes.txt": `${OUTSIDE_MARKER} notes\n`,
    "outside/spec-folder/spec.md": outsideSpec,
    "outside/change/proposal.md": `# ${OUTSIDE_MARKER}\n\n## Why\n\nOutside.\n`,
    "outside/change/specs/outside/spec.md": outsideSpec,
    "outside/change/tasks.md": `## 1. ${OUTSIDE_MARKER}\n- [ ] 1.1 Never ticked through a link\n`,
  });
  const specs = join(repo, "openspec", "specs");
  symlinkSync(join(outside, "spec-folder"), join(specs, "leak-dir"));
  mkdirSync(join(specs, "leak-file"));
  symlinkSync(outsideFile, join(specs, "leak-file", "spec.md"));
  symlinkSync(join(outside, "spec-folder"), join(repo, "hop"));
  symlinkSync(join(repo, "hop"), join(specs, "chained"));
  symlinkSync(join(outside, "change"), join(repo, "openspec", "changes", ESCAPING_CHANGE));
  symlinkSync(
    join(outside, "spec-folder"),
    join(repo, "openspec", "changes", "add-dark-mode", "specs", "leak"),
  );
  symlinkSync("loop", join(specs, "loop"));
  const { home, env } = isolatedEnvironment(extraEnv);
  return { root, repo, outside, outsideFile, home, env };
}
