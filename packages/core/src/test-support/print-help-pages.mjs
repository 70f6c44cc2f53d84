// Prints every help page of the pinned OpenSpec CLI as one JSON object, command words → page,
// from one process: each page is what `openspec <words> --help` prints, made by the CLI's own
// program parsing that argv (as a warm worker of the runner's pool runs a command), so the walk
// over some forty pages loads the CLI once instead of starting it for each page.
// Usage: node print-help-pages.mjs <the CLI's bin/openspec.js>
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

const bin = process.argv[2] ?? "";
const cliIndex = join(dirname(dirname(bin)), "dist", "cli", "index.js");
const { program } = await import(pathToFileURL(cliIndex).href);
if (typeof program?.parseAsync !== "function") {
  throw new Error(`${cliIndex} exports no commander program, as the warm pool's workers need too.`);
}

// Every command, with the words that name it; `--help` then throws instead of ending the process.
const commands = [];
const collect = (command, words) => {
  command.exitOverride();
  commands.push(words);
  for (const sub of command.commands) collect(sub, [...words, sub.name()]);
};
collect(program, []);

const pages = {};
const write = process.stdout.write;
for (const words of commands) {
  let page = "";
  process.stdout.write = (chunk) => {
    page += chunk;
    return true;
  };
  try {
    await program.parseAsync([process.execPath, bin, ...words, "--help"]);
  } catch (error) {
    if (error?.code !== "commander.helpDisplayed") throw error;
  } finally {
    process.stdout.write = write;
  }
  pages[words.join(" ")] = page;
}
process.stdout.write(JSON.stringify(pages));
