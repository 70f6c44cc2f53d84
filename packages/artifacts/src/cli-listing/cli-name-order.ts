import type { NeedsCli } from "./read-folder-tree.js";

type Env = Readonly<Record<string, string | undefined>>;
export type NameOrder = (a: string, b: string) => number;

/**
 * The order of `a.localeCompare(b)` inside the CLI's process, whose collation
 * locale ICU takes from the CLI's environment (`LC_ALL`, else `LC_MESSAGES`,
 * else `LANG`, each counting even when empty; none is the POSIX locale, which
 * collates as `en-US`). The same locale as this process's is compared here the
 * same way; another plain `ll_CC` locale by its collator; any other setting is
 * left to the CLI.
 */
export function cliNameOrder(env: Env): NameOrder | NeedsCli {
  const cli = localeId(env);
  if (cli === localeId(process.env)) return (a, b) => a.localeCompare(b);
  if (cli === "C") return new Intl.Collator("en-US").compare;
  if (/^[a-z]{2,3}(?:_[A-Z]{2})?$/.test(cli))
    return new Intl.Collator(cli.replace("_", "-")).compare;
  return { needsCli: `the CLI would sort names in the locale ${JSON.stringify(cli)}` };
}

function localeId(env: Env): string {
  const id = env.LC_ALL ?? env.LC_MESSAGES ?? env.LANG;
  if (id === undefined) return "C";
  const base = id.replace(/[.@].*$/s, "");
  return base === "POSIX" ? "C" : base;
}
