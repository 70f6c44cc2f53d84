// Runs one function of the built package in a process of its own and prints
// its answer. Tests start it when a read that blocks would hang the test
// runner itself, and as an unprivileged user, since root may read every file.
import {
  listSpecs,
  openRepository,
  previewChangeArchive,
  resolveContext,
  showSpec,
} from "../../dist/index.js";

const [call, root, json] = process.argv.slice(2);
const args = JSON.parse(json ?? "{}");
const opened = openRepository(root);
if (!opened.ok) throw new Error(opened.error);
const repository = opened.repository;
const source = (name) => ({ ok: true, name, path: root });
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
