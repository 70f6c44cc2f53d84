import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { packagePaths, renderPluginFolder } from "../dist/index.js";

// Build step: brings plugin/openspec/tools.json, plugin.yaml and the workflow skills
// (skills/<name>/SKILL.md) in line with the catalog.
// Under CI it only checks, so a commit that forgot to regenerate them fails instead of
// being silently repaired in the CI checkout.
// No version in them: `changeset version` bumps package.json without a build, and
// the installer writes the installed version into its copy.
const wanted = renderPluginFolder();
const checkOnly = Boolean(process.env.CI) && process.env.CI !== "false";
const stale = [];
for (const [file, content] of Object.entries(wanted)) {
  const path = join(packagePaths.pluginFolder, file);
  if (existsSync(path) && readFileSync(path, "utf8") === content) continue;
  stale.push(path);
  if (checkOnly) continue;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}
// A skill folder whose workflow is gone would still be registered by the plugin.
const skillsFolder = join(packagePaths.pluginFolder, "skills");
for (const name of existsSync(skillsFolder) ? readdirSync(skillsFolder) : []) {
  if (`skills/${name}/SKILL.md` in wanted) continue;
  stale.push(join(skillsFolder, name));
  if (!checkOnly) rmSync(join(skillsFolder, name), { recursive: true, force: true });
}
if (stale.length > 0 && checkOnly) {
  console.error(
    `Out of date with the tool catalog: ${stale.join(", ")}. Run \`pnpm --filter @org/openspec-hermes-host... build\` and commit the result.`,
  );
  process.exitCode = 1;
} else if (stale.length > 0) {
  console.error(`Regenerated from the tool catalog (commit them): ${stale.join(", ")}`);
}
