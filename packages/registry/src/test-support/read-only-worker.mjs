// Uses a registry as another user would, for the read-only tests: the test
// runs it with the uid of an unprivileged user, since root may write anything.
// It imports the built package, so it runs exactly what hosts run.
// argv: <registry file> <identifier to resolve> <folder to add>
import { openRegistry } from "../../dist/index.js";

const [file, identifier, folder] = process.argv.slice(2);
const opened = openRegistry({ path: file, env: {} });
if (!opened.ok) {
  process.stdout.write(JSON.stringify({ opened }));
} else {
  const { registry } = opened;
  const answers = {
    list: registry.list(),
    resolve: registry.resolve(identifier),
    add: registry.add({ path: folder }),
  };
  registry.close();
  process.stdout.write(JSON.stringify(answers));
}
