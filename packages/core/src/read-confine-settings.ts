import type { CatalogOptions } from "./catalog-context.js";
import { type ToolFailure, toolFailure } from "./tool-result.js";

/** `auto`: confine CLI runs where the host can; `required`: refuse runs that cannot be; `off`: never. */
export type ConfineSetting = "auto" | "required" | "off";

/** Every source, none, or the sources of these names (compared ignoring case). */
export type StoreAllowance =
  | { kind: "all" }
  | { kind: "none" }
  | { kind: "only"; names: readonly string[] };

const CONFINE_VALUES: readonly ConfineSetting[] = ["auto", "required", "off"];

/**
 * Reads the two trust settings: the option first, else the environment
 * (`OPENSPEC_AGENT_CONFINE`, `OPENSPEC_AGENT_ALLOW_STORES`), else the
 * defaults (`auto`, and `all` stores unless the host says otherwise). A value
 * that is none of the accepted ones is refused with `invalid_setting`, as a
 * numeric setting out of bounds is: a typo must not open what it meant to close.
 */
export function readConfineSettings(
  options: CatalogOptions,
  env: Readonly<Record<string, string | undefined>>,
): { ok: true; confine: ConfineSetting; allowStores: StoreAllowance } | ToolFailure {
  const confineName = options.confine === undefined ? "OPENSPEC_AGENT_CONFINE" : "confine";
  const confine = options.confine ?? nonEmpty(env.OPENSPEC_AGENT_CONFINE) ?? "auto";
  if (!CONFINE_VALUES.includes(confine as ConfineSetting)) {
    return toolFailure(
      "invalid_setting",
      `The setting ${confineName} is "${confine}", which is none of auto, required, off.`,
      `Set ${confineName} to auto, required or off, and restart the host.`,
      { setting: confineName, value: confine },
    );
  }
  const storesName =
    options.allowStores === undefined ? "OPENSPEC_AGENT_ALLOW_STORES" : "allowStores";
  const stores = (
    options.allowStores ??
    nonEmpty(env.OPENSPEC_AGENT_ALLOW_STORES) ??
    options.defaultAllowStores ??
    "all"
  ).trim();
  const allowStores = parseStoreAllowance(stores);
  if (allowStores === undefined) {
    return toolFailure(
      "invalid_setting",
      `The setting ${storesName} is "${stores}", which is neither all, none nor a comma-separated list of source names.`,
      `Set ${storesName} to all, none, or source names separated by commas, and restart the host.`,
      { setting: storesName, value: stores },
    );
  }
  return { ok: true, confine: confine as ConfineSetting, allowStores };
}

function parseStoreAllowance(value: string): StoreAllowance | undefined {
  if (value === "all") return { kind: "all" };
  if (value === "none") return { kind: "none" };
  const names = value.split(",").map((name) => name.trim());
  if (names.some((name) => name === "")) return undefined;
  return { kind: "only", names: names.map((name) => name.toLowerCase()) };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}
