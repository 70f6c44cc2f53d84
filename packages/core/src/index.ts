/** The npm name of this package. */
export const packageName = "@org/openspec-core";
