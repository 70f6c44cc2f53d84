// One of several processes that write the same registry at once through the
// catalog's source tools. Its environment names the registry; its arguments are
// the writer's number, how many sources it adds, and the folder of their
// repositories. It says "ready" once loaded and starts on a line on stdin, so
// that every writer begins together. For each source it adds, it renames it,
// and removes every second one. Any answer that is not ok ends it with code 1.
import { createCatalog } from "@org/openspec-core";

const [writer, count, root] = process.argv.slice(2);
const catalog = createCatalog({ env: process.env });

async function call(tool, args) {
  const result = await catalog.call(tool, args);
  if (!result.ok) {
    process.stdout.write(`${JSON.stringify({ failed: tool, args, result })}\n`);
    process.exit(1);
  }
  return result;
}

process.stdout.write("ready\n");
process.stdin.once("data", async () => {
  for (let index = 0; index < Number(count); index += 1) {
    await call("openspec_source_add", {
      path: `${root}/w${writer}-${index}`,
      name: `w${writer}-s${index}`,
    });
    await call("openspec_source_update", {
      source: `w${writer}-s${index}`,
      name: `w${writer}-r${index}`,
    });
    if (index % 2 === 1) await call("openspec_source_remove", { source: `w${writer}-r${index}` });
  }
  catalog.close();
  process.stdout.write("done\n");
  process.exit(0);
});
