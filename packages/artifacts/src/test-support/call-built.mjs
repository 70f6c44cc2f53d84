// Runs functions of the built package in a process of its own and prints each answer as a
// line as soon as it is there. Tests start it when a read that blocks would hang the test
// runner itself, and as an unprivileged user, since root may read every file. Its arguments
// are the repository folder and a JSON list of [function, arguments] pairs, run in order,
// each on a repository opened afresh.
import {
  listSpecs,
  openRepository,
  previewChangeArchive,
  resolveContext,
  showSpec,
} from "../../dist/index.js";

const [root, json] = process.argv.slice(2);
const source = (name) => ({ ok: true, name, path: root });
for (const [call, args] of JSON.parse(json)) {
  const opened = openRepository(root);
  if (!opened.ok) throw new Error(opened.error);
  const repository = opened.repository;
  const answers = {
    showSpec: () => showSpec(repository, args),
    listSpecs: () => listSpecs(repository, args),
    previewChangeArchive: () => previewChangeArchive(repository, args),
    context: () =>
      resolveContext(
        args.reference ? `shop/${args.reference}` : "shop",
        source,
        {},
        { maxArtifactBytes: args.maxArtifactBytes },
      ),
  };
  process.stdout.write(`${JSON.stringify(await answers[call]())}\n`);
}
