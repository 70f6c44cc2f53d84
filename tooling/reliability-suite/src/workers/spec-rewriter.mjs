// Replaces one spec with force, again and again, alternating two contents, until
// it is killed. Its arguments are the repository folder and the spec name; the
// two contents come as JSON on stdin after it said "ready". It says "writing"
// once the first replacement is done. A failed write ends it with code 1.
import { createCatalog } from "@org/openspec-core";

const [workdir, name] = process.argv.slice(2);
const catalog = createCatalog({ env: process.env });

process.stdout.write("ready\n");
process.stdin.once("data", async (data) => {
  const contents = JSON.parse(String(data));
  for (let round = 0; ; round += 1) {
    const result = await catalog.call("openspec_spec_create", {
      workdir,
      name,
      force: true,
      ...contents[round % 2],
    });
    if (!result.ok) {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      process.exit(1);
    }
    if (round === 0) process.stdout.write("writing\n");
  }
});
