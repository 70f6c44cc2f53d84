// A separate process that hammers one registry file, for the concurrency test.
// It imports the built package, so it runs exactly what hosts run.
// argv: <registry file> <worker index> <directory root> <source count> <keep-open|per-call>
import { openRegistry } from "../../dist/index.js";

const [file, worker, root, count, mode] = process.argv.slice(2);
const failures = [];

function withRegistry(keepOpen, operation) {
  const registry = keepOpen ?? openRegistry({ path: file });
  if (!registry.ok) return registry;
  try {
    return operation(registry.registry);
  } finally {
    if (keepOpen === undefined) registry.registry.close();
  }
}

function run() {
  const keepOpen = mode === "keep-open" ? openRegistry({ path: file }) : undefined;
  const record = (step, result) => {
    if (!result.ok) failures.push({ step, code: result.code, error: result.error });
  };
  for (let index = 0; index < Number(count); index++) {
    const first = `w${worker}-a${index}`;
    const second = `w${worker}-b${index}`;
    const path = `${root}/w${worker}/d${index}`;
    record(
      `add ${first}`,
      withRegistry(keepOpen, (registry) => registry.add({ path, name: first })),
    );
    record(
      `rename ${first}`,
      withRegistry(keepOpen, (registry) => registry.update(first, { name: second })),
    );
    if (index % 2 === 1) {
      record(
        `remove ${second}`,
        withRegistry(keepOpen, (registry) => registry.remove(second)),
      );
    }
  }
  if (keepOpen?.ok) keepOpen.registry.close();
}

process.on("message", (message) => {
  if (message !== "go") return;
  try {
    run();
  } catch (error) {
    failures.push({ step: "exception", code: "exception", error: String(error?.stack ?? error) });
  }
  process.send({ failures }, () => process.exit(0));
});
process.send("ready");
