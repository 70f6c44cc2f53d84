import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  AUTH_SPEC,
  DARK_MODE_CHANGE,
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
} from "@org/test-kit";

/** One host's world: its own home and registry, and two repositories laid out alike for every host. */
export type Sandbox = {
  env: Record<string, string | undefined>;
  home: string;
  /** A repository with an active change, an archived change and a spec. */
  shop: string;
  /** A freshly initialized repository without changes or specs. */
  fresh: string;
  /** A repository whose only spec fails strict validation. */
  broken: string;
  /**
   * Artifacts whose six-digit tokens collide (changes change-5565 and
   * change-5767; change change-5055 and spec cap-4047), plus an
   * add-dark-mode change that shop has too.
   */
  collide: string;
};

export const ARCHIVED_CHANGE = "2024-01-15-add-search";

/** A folder in the home whose name looks like a source token. */
export const TOKEN_LIKE_FOLDER = "os_f09d3e";

export function makeSandbox(options: { cli: boolean }): Sandbox {
  const { env, home } = isolatedEnvironment(options.cli ? { OPENSPEC_BIN: REAL_OPENSPEC_BIN } : {});
  const shop = makeOpenSpecRepository(
    {
      ...DARK_MODE_CHANGE,
      "openspec/specs/auth/spec.md": AUTH_SPEC,
      [`openspec/changes/archive/${ARCHIVED_CHANGE}/proposal.md`]: "# Add search\n",
    },
    "shop",
  );
  const fresh = makeOpenSpecRepository({}, "fresh");
  const broken = makeOpenSpecRepository(
    {
      "openspec/specs/thin/spec.md":
        "# thin\n\n## Purpose\nshort\n\n## Requirements\n### Requirement: Bare\nNo scenario.\n",
    },
    "broken",
  );
  mkdirSync(join(home, TOKEN_LIKE_FOLDER, "openspec", "specs"), { recursive: true });
  const collide = makeOpenSpecRepository(
    {
      ...DARK_MODE_CHANGE,
      "openspec/changes/change-5565/proposal.md": "# Change 5565\n",
      "openspec/changes/change-5767/proposal.md": "# Change 5767\n",
      "openspec/changes/change-5055/proposal.md": "# Change 5055\n",
      "openspec/specs/cap-4047/spec.md": AUTH_SPEC,
    },
    "collide",
  );
  return { env, home, shop, fresh, broken, collide };
}
