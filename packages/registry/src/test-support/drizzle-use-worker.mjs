// Uses a registry file the way a host does and reports which of drizzle's
// files that loaded. It imports the built package, so it runs exactly what
// hosts run. An ESM import of drizzle fails outright (the hook below); a
// require() of its CommonJS build would show in the require cache.
// argv: <registry file> <identifier to resolve> [folder to add first]
import { createRequire, register } from "node:module";

const refuseDrizzleImports = `export async function resolve(specifier, context, next) {
  if (specifier.startsWith("drizzle-orm")) throw new Error("drizzle-orm imported: " + specifier);
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(refuseDrizzleImports)}`);

const { openRegistry } = await import("../../dist/index.js");
const [file, identifier, folder] = process.argv.slice(2);
const opened = openRegistry({ path: file, env: {} });
const answers = { opened: { ok: opened.ok } };
if (opened.ok) {
  const { registry } = opened;
  if (folder !== undefined) answers.add = registry.add({ path: folder });
  answers.resolve = registry.resolve(identifier);
  answers.list = registry.list();
  registry.close();
}
answers.drizzleFiles = Object.keys(createRequire(import.meta.url).cache).filter((path) =>
  path.includes("drizzle-orm"),
);
process.stdout.write(JSON.stringify(answers));
