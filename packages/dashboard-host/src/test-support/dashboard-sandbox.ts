import { createCatalog } from "@org/openspec-core";
import { isolatedEnvironment, makeOpenSpecRepository, REAL_OPENSPEC_BIN } from "@org/test-kit";
import { type RunningDashboard, startDashboard } from "../start-dashboard.js";

export type Sandbox = {
  dashboard: RunningDashboard;
  /** The dashboard's address without a trailing slash. */
  base: string;
  repo: string;
  registryPath: string;
  /** Stops the server and closes the catalog; the folders go with removeTemporaryFolders. */
  close: () => Promise<void>;
};

/** Three changes at three stages, and a spec whose text holds a script tag. */
export const SHOP_FILES: Record<string, string> = {
  "openspec/changes/add-search/proposal.md":
    "# Add search\n\n## Why\n\nPeople look for products.\n",
  "openspec/changes/add-search/tasks.md":
    "## 1. Work\n\n- [ ] 1.1 Index products\n- [ ] 1.2 Rank results\n",
  "openspec/changes/add-cart/proposal.md": "# Add cart\n\n## Why\n\nPeople buy several things.\n",
  "openspec/changes/add-cart/tasks.md":
    "## 1. Work\n\n- [x] 1.1 Store the cart\n- [ ] 1.2 Show the cart\n",
  "openspec/changes/add-cart/specs/cart/spec.md":
    "## ADDED Requirements\n\n### Requirement: Cart keeps items\nThe system SHALL keep the items a person adds.\n\n#### Scenario: Item added\n- **WHEN** a person adds an item\n- **THEN** the cart holds it\n",
  "openspec/changes/add-login/proposal.md": "# Add login\n\n## Why\n\nPeople sign in.\n",
  "openspec/changes/add-login/tasks.md":
    "## 1. Work\n\n- [x] 1.1 Build the form\n- [x] 1.2 Check passwords\n",
  // No delta spec, on purpose: so its .openspec.yaml says so, as validate and archive want.
  "openspec/changes/add-login/.openspec.yaml": "schema: spec-driven\nskip_specs: true\n",
  "openspec/specs/catalog/spec.md": [
    "# catalog",
    "",
    "## Purpose",
    "",
    "Lists products. <script>window.__pwned = true; alert('pwned')</script> <img src=x onerror=\"window.__pwned=true\">",
    "",
    "## Requirements",
    "",
    "### Requirement: Products are listed",
    "The system SHALL list every product. <script>window.__pwned = true</script>",
    "",
    "#### Scenario: Listing products",
    "- **WHEN** a person opens the catalog",
    "- **THEN** every product is shown",
    "",
  ].join("\n"),
};

/**
 * A dashboard on a loopback port of its own, over a registry in a throwaway
 * home holding one real `openspec init` repository registered as "shop".
 */
export async function startSandbox(
  options: { files?: Record<string, string>; pageSize?: number; repo?: string } = {},
): Promise<Sandbox> {
  const { env } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
  const registryPath = env.OPENSPEC_AGENT_DB as string;
  const repo = options.repo ?? makeOpenSpecRepository(options.files ?? SHOP_FILES, "shop");
  const catalog = createCatalog({ env, registryPath });
  const added = await catalog.call("openspec_source_add", { path: repo, name: "shop" });
  if (!added.ok) throw new Error(`could not register the repository: ${added.error}`);
  const dashboard = await startDashboard({
    catalog,
    port: 0,
    env,
    ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
  });
  return {
    dashboard,
    base: `http://127.0.0.1:${dashboard.port}`,
    repo,
    registryPath,
    close: async () => {
      await dashboard.close();
      catalog.close();
    },
  };
}
