// Reads a registry file the way a host does, with every import of drizzle
// refused, and reports the answers. It imports the built package, so it runs
// exactly what hosts run. drizzle-orm/migrator is let through: its journal
// reader (two small functions over node:fs) tells a current file from an old one.
// argv: <registry file> <identifier to resolve>
import { register } from "node:module";

const refuseDrizzleImports = `export async function resolve(specifier, context, next) {
  if (specifier.startsWith("drizzle-orm") && specifier !== "drizzle-orm/migrator")
    throw new Error("drizzle-orm imported: " + specifier);
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(refuseDrizzleImports)}`);

const { listAccessTokens, openRegistry, verifyAccessToken } = await import("../../dist/index.js");
const [file, identifier] = process.argv.slice(2);
const opened = openRegistry({ path: file, env: {} });
const answers = { opened: { ok: opened.ok } };
if (opened.ok) {
  const { registry } = opened;
  answers.resolve = registry.resolve(identifier);
  answers.list = registry.list();
  answers.tokens = listAccessTokens(registry);
  answers.verify = verifyAccessToken(registry, `osk_${"x".repeat(43)}`);
  registry.close();
}
process.stdout.write(JSON.stringify(answers));
