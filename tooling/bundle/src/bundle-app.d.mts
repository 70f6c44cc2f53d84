/** Bundles a built app's entries into `<root>/dist/bundle/`; see bundle-app.mjs. */
export function bundleApp(app: {
  root: string;
  entries: Record<string, string>;
  cachedEntries?: Record<string, string>;
  external?: string[];
}): Promise<void>;

/**
 * The esbuild plugin that gives the MCP SDK's Node shims a JSON Schema
 * validator loading ajv on its first use; see sdk-shims-on-first-use.mjs.
 */
export const sdkShimsOnFirstUse: { name: string; setup(build: unknown): void };
