import { mkdirSync, writeFileSync } from "node:fs";
import { join, sep } from "node:path";
import { REPO_ROOT } from "./workspace-packages.js";

/** The machine's network settings, which a user's shell has too. */
const NETWORK_SETTINGS = new Set([
  "NODE_EXTRA_CA_CERTS",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
]);

/**
 * An environment with nothing of the workspace in it: PATH without the
 * repository's or any node_modules/.bin folder (pnpm puts them there when it
 * runs a test script), no npm_config_* or NODE_* settings inherited from pnpm
 * or vitest, an empty npm user config, its own npm cache and its own HOME.
 * What the machine needs to reach the registry is kept, as a user's shell has
 * it: the certificates it trusts (a TLS-inspecting proxy's CA, which Node reads
 * from NODE_EXTRA_CA_CERTS) and its proxy settings.
 */
export function outsideEnvironment(folder: string): NodeJS.ProcessEnv {
  const home = join(folder, "home");
  mkdirSync(home, { recursive: true });
  const userconfig = join(folder, "npmrc");
  writeFileSync(userconfig, "");
  const path = (process.env.PATH ?? "")
    .split(":")
    .filter(
      (entry) =>
        entry !== "" &&
        !entry.startsWith(REPO_ROOT.replace(/\/$/, "")) &&
        !entry.includes(`${sep}node_modules${sep}`),
    )
    .join(":");
  const network = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => NETWORK_SETTINGS.has(name)),
  );
  return {
    ...network,
    PATH: path,
    HOME: home,
    LANG: "C.UTF-8",
    TMPDIR: folder,
    XDG_DATA_HOME: join(home, ".local", "share"),
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_CACHE_HOME: join(home, ".cache"),
    npm_config_userconfig: userconfig,
    npm_config_cache: join(folder, "npm-cache"),
    npm_config_update_notifier: "false",
    npm_config_fund: "false",
    npm_config_audit: "false",
    OPENSPEC_TELEMETRY: "0",
    DO_NOT_TRACK: "1",
  };
}
