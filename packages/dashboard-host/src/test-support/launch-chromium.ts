import { existsSync } from "node:fs";
import { temporaryFolder } from "@org/test-kit";
import { type BrowserContext, chromium } from "playwright-core";

/** Debian's Chromium, which CI installs (`apt-get install -y chromium`); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * A real Chromium with a fresh profile. A machine without it fails the test
 * with the install command: CI installs the browser, so a silent skip would
 * hide a broken install step.
 */
export async function launchChromium(
  options: {
    colorScheme?: "light" | "dark";
    viewport?: { width: number; height: number };
    executablePath?: string;
  } = {},
): Promise<BrowserContext> {
  const executablePath = options.executablePath ?? CHROMIUM_PATH;
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium is not installed at ${executablePath}; the dashboard's browser tests need it. Install it with: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH to a Chromium binary).`,
    );
  }
  return chromium.launchPersistentContext(temporaryFolder("chromium-profile-"), {
    executablePath,
    headless: true,
    args: ARGS,
    colorScheme: options.colorScheme ?? "light",
    viewport: options.viewport ?? { width: 1280, height: 900 },
  });
}
