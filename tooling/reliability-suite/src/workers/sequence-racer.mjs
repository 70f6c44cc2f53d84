// One side of a race between processes over a repository's change sequences:
// for each round it waits for the round's start file, makes its one call, and
// writes the answer to the round's answer file. Arguments: the folder the
// files go in, the number of rounds, and the call's arguments as JSON.
import { existsSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createCatalog } from "@org/openspec-core";

const [folder, rounds, args] = process.argv.slice(2);
const side = JSON.parse(args).group;
const catalog = createCatalog({ env: process.env });
// Loaded before the first round, so every round's call starts at once.
await catalog.call("openspec_source_list", {});
for (let round = 0; round < Number(rounds); round += 1) {
  // A tight wait: both sides must start within a millisecond of each other.
  while (!existsSync(join(folder, `go-${round}`))) await new Promise((go) => setImmediate(go));
  const result = await catalog.call("openspec_change_sequence_set", JSON.parse(args));
  // Written whole, then renamed: the test reads an answer file only once it is complete.
  const answer = join(folder, `answer-${round}-${side}`);
  writeFileSync(`${answer}.partial`, JSON.stringify(result));
  renameSync(`${answer}.partial`, answer);
}
catalog.close();
