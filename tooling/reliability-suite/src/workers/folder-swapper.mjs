// Swaps a folder for a symlink to another folder and back, in a tight loop,
// for a given time: the real folder moves aside (inside the repository), a
// symlink to the outside takes its name, then the symlink goes and the folder
// comes back. A folder a writer re-creates in between is moved aside too, to
// `<aside>-<n>`, so every file ever written stays countable. Arguments: the
// folder, the symlink's target, the aside path and how long to run in
// milliseconds. It says "ready" before the first swap and prints the number of
// swaps when done, leaving the real folder in place.
import { renameSync, symlinkSync, unlinkSync } from "node:fs";

const [folder, target, aside, duration] = process.argv.slice(2);
const deadline = Date.now() + Number(duration);
let swaps = 0;
let extras = 0;

/** Runs a step that a folder re-created by a writer may be in the way of. */
function despiteWriter(step) {
  for (;;) {
    try {
      step();
      return;
    } catch (error) {
      if (!["EEXIST", "ENOTEMPTY"].includes(error.code)) throw error;
      renameSync(folder, `${aside}-${extras++}`);
    }
  }
}

process.stdout.write("ready\n");
while (Date.now() < deadline) {
  renameSync(folder, aside);
  despiteWriter(() => symlinkSync(target, folder));
  unlinkSync(folder);
  despiteWriter(() => renameSync(aside, folder));
  swaps += 1;
}
process.stdout.write(`${swaps}\n`);
