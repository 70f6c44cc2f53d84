/** Bundles a built app's entries into `<root>/dist/bundle/`; see bundle-app.mjs. */
export function bundleApp(app: {
  root: string;
  entries: Record<string, string>;
  cachedEntries?: Record<string, string>;
  external?: string[];
}): Promise<void>;
