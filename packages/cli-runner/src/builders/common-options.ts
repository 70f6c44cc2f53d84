/** Selects a registered store as the OpenSpec root (`--store <id>`) instead of the workdir's nearest root. */
export interface StoreOption {
  store?: string;
}

/** What `--type` disambiguates between. */
export type ItemType = "change" | "spec";

export const ITEM_TYPES: readonly ItemType[] = ["change", "spec"];
