import type { Catalog } from "@org/openspec-core";

/**
 * The catalog as one client's calls reach it: every call names `caller`, so
 * the OpenSpec CLI's queue takes turns between clients (round-robin) and one
 * client's burst of whole-repository calls cannot starve another's. A call
 * that names its own caller keeps it. Closing the view leaves the catalog open.
 */
export function withCaller(catalog: Catalog, caller: string): Catalog {
  return {
    ...catalog,
    // A getter, as views such as toolsets may change what they list while serving.
    get tools() {
      return catalog.tools;
    },
    call: (name, args, call) =>
      call === undefined
        ? catalog.call(name, args)
        : catalog.call(name, args, { ...call, caller: call.caller ?? caller }),
    close: () => {},
  };
}
