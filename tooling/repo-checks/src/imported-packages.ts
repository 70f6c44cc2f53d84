/**
 * The packages a source file names in an `import`/`export ... from`, a dynamic
 * `import()`, a `require()` or a `require.resolve()`/`import.meta.resolve()`:
 * `@scope/name` or `name`, without a subpath; `node:` and relative paths left out.
 */
export function importedPackages(source: string): Set<string> {
  const specifiers = source.matchAll(
    /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\bresolve\s*\(\s*)["']([^"'./][^"']*)["']/g,
  );
  const names = new Set<string>();
  for (const [, specifier] of specifiers) {
    if (specifier === undefined || specifier.startsWith("node:")) continue;
    const parts = specifier.split("/");
    names.add(specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier));
  }
  return names;
}
