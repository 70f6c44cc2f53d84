// Screenshots for the READMEs: the board and a change page of OpenSpec's own
// repository (the vendored fixture, copied to a temporary folder), light theme.
// Run after a build: pnpm --filter @org/openspec-dashboard-host screenshots
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCatalog } from "@org/openspec-core";
import { fissionOpenSpecFixture, REAL_OPENSPEC_BIN } from "@org/test-kit";
import { chromium } from "playwright-core";
import { startDashboard } from "../dist/index.js";

const docs = new URL("../../../docs/", import.meta.url).pathname;
const home = mkdtempSync(join(tmpdir(), "dashboard-shots-"));
const repo = join(home, "OpenSpec");
mkdirSync(repo);
cpSync(join(fissionOpenSpecFixture, "openspec"), join(repo, "openspec"), { recursive: true });
const env = {
  ...process.env,
  HOME: home,
  OPENSPEC_BIN: REAL_OPENSPEC_BIN,
  OPENSPEC_TELEMETRY: "0",
};
const catalog = createCatalog({ env, registryPath: join(home, "registry.db") });
await catalog.call("openspec_source_add", { path: repo, name: "OpenSpec" });
const dashboard = await startDashboard({ catalog, port: 0, env });
const base = `http://127.0.0.1:${dashboard.port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});
try {
  const page = await browser.newPage({
    viewport: { width: 1360, height: 860 },
    colorScheme: "light",
  });
  // Wait for the last-modified times (a background `openspec list`) to reach the board.
  await page.goto(`${base}/s/OpenSpec`);
  await page.waitForSelector("[data-card] time", { timeout: 60_000 });
  await page.screenshot({ path: join(docs, "dashboard-board.png") });
  await page.goto(`${base}/s/OpenSpec/changes/fix-schemas-root-selection`);
  await page.screenshot({ path: join(docs, "dashboard-change.png") });
  const phone = await browser.newPage({
    viewport: { width: 390, height: 800 },
    colorScheme: "dark",
  });
  await phone.goto(`${base}/s/OpenSpec`);
  await phone.waitForSelector("[data-card] time", { timeout: 60_000 });
  await phone.screenshot({ path: join(docs, "dashboard-phone-dark.png") });
} finally {
  await browser.close();
  await dashboard.close();
  catalog.close();
  rmSync(home, { recursive: true, force: true });
}
console.log(`wrote ${docs}dashboard-board.png, dashboard-change.png, dashboard-phone-dark.png`);
