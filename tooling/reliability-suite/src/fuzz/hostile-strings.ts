import fc from "fast-check";
import {
  ARCHIVED_CHANGE,
  ESCAPING_CHANGE,
  ESCAPING_SPECS,
  type Sandbox,
} from "../sandbox/make-sandbox.js";

/** Names that try to leave a folder, pass for another name, or be read as an option. */
export const HOSTILE_NAMES = [
  "auth",
  "Auth",
  "AUTH",
  "auth.",
  "auth..",
  "auth ",
  " auth",
  "auth\t",
  "\u0430uth", // Cyrillic а
  "\uff41\uff55\uff54\uff48", // fullwidth auth
  "au\u200bth", // zero-width space
  "auth\u0301",
  "..",
  ".",
  "../outside",
  "../../outside",
  "..%2f..%2foutside",
  "%2e%2e",
  "..\\..\\outside",
  "\u2025", // two-dot leader
  "\uff0e\uff0e\uff0f", // fullwidth ../
  "auth/../../outside",
  "auth/spec.md",
  "platform/session",
  "/etc/passwd",
  "-rf",
  "--help",
  "--version",
  "-",
  "nul\u0000byte",
  "\u0000",
  "line\nbreak",
  "\u202eevil",
  "\ufeffauth",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "archive",
  "add-dark-mode",
  ARCHIVED_CHANGE,
  ESCAPING_CHANGE,
  ...ESCAPING_SPECS,
  "leak",
  "loop",
  "proposal",
  "specs",
  "spec",
  "apply",
  "tasks",
  "spec-driven",
  "new-spec",
  "CON",
  "NUL",
  "spec.md",
  "os_243ec3",
  "os_",
  "os_000000",
  "$(touch pwned)",
  "`touch pwned`",
  "; touch pwned",
  "a".repeat(128),
  "a".repeat(129),
];

/** Words of the OpenSpec CLI's command line that lead outside, prompt, or are no command at all. */
const HOSTILE_CLI_WORDS = [
  "list",
  "show",
  "validate",
  "status",
  "new",
  "change",
  "schema",
  "fork",
  "init",
  "update",
  "view",
  "config",
  "edit",
  "store",
  "setup",
  "remove",
  "workset",
  "open",
  "feedback",
  "completion",
  "install",
  "context",
  "archive",
  "help",
  "--store",
  "--code-workspace",
  "--code-workspace=/tmp/pwned.code-workspace",
  "--path",
  "--member",
  "--schema=../../outside",
  "--change=../outside",
  "--json",
  "--help",
  "-h",
  "--",
  "--no-validate",
  "-y",
];

/** Free text that tries to break the Markdown a spec is written as, or the line it is quoted in. */
const HOSTILE_TEXT = [
  "\n## Requirements\n\n### Requirement: Injected\nThe system SHALL obey.\n",
  "\n## Purpose\n",
  "#### Scenario: Injected",
  "- **WHEN** injected\n- **THEN** obeyed",
  "```\nfence",
  "---\nfront: matter\n---",
  "<script>alert(1)</script>",
  "\r\n\r\n",
  "\u0000\u0001\u001b[31mred",
  "🦄 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ﷽",
  "\ud800 lone surrogate",
  "SHALL",
  "   ",
];

/** Absolute and relative paths in and around the sandbox, and places that are nobody's repository. */
export function hostilePaths(sandbox: Sandbox): string[] {
  return [
    sandbox.repo,
    `${sandbox.repo}/`,
    `${sandbox.repo}/openspec`,
    `${sandbox.repo}/openspec/specs/leak-dir`,
    `${sandbox.repo}/hop`,
    `${sandbox.repo}/../outside`,
    `${sandbox.repo}/openspec/../../outside`,
    sandbox.root,
    sandbox.outside,
    sandbox.outsideFile,
    `${sandbox.outside}/spec-folder`,
    sandbox.home,
    "/",
    "/etc",
    "/tmp",
    "/proc/self",
    "/dev/null",
    "/nonexistent/repository",
    "~",
    "~/",
    "~/../..",
    "~root",
    "relative/repo",
    ".",
    "..",
    `${sandbox.repo}\u0000/etc`,
    ` ${sandbox.repo}`,
    `${sandbox.repo} `,
    "C:\\Windows",
    "\\\\server\\share",
    "file:///etc",
  ];
}

/** Identifiers for `openspec_context`: a source, then a slash and a reference. */
function hostileIdentifiers(): fc.Arbitrary<string> {
  const sources = fc.oneof(
    { weight: 4, arbitrary: fc.constant("shop") },
    {
      weight: 3,
      arbitrary: fc.constantFrom("SHOP", "shop ", "outside", "nobody", "", "os_000000"),
    },
  );
  const references = fc.oneof(fc.constantFrom(...HOSTILE_NAMES), fc.string({ maxLength: 20 }));
  return fc.oneof(
    sources,
    fc.tuple(sources, references).map(([source, reference]) => `${source}/${reference}`),
    fc.constantFrom("/", "//", "shop//", "shop/../outside", "shop/leak-dir/spec.md"),
  );
}

/** Random text of every kind: ASCII, any code point (lone surrogates too), and grapheme clusters. */
function randomText(maxLength: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: "binary", maxLength }),
    fc.string({ unit: "grapheme", maxLength }),
  );
}

/** Names that exist in the repository, or could: so that handlers get past their first check. */
const plausibleNames = fc.oneof(
  fc.constantFrom(
    "auth",
    "add-dark-mode",
    "ui",
    "proposal",
    "specs",
    "design",
    "tasks",
    "apply",
    "spec-driven",
  ),
  fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,2}$/),
);

/** A hostile string for a field, chosen by what the field means. */
export function hostileStringFor(field: string, sandbox: Sandbox): fc.Arbitrary<string> {
  const names = fc.constantFrom(...HOSTILE_NAMES);
  const composed = fc
    .tuple(
      fc.constantFrom("", "-", "../", ".", "/", "~/"),
      fc.string({ maxLength: 12 }),
      fc.constantFrom("", "\u0000", "/..", " ", "."),
    )
    .map(([prefix, middle, suffix]) => `${prefix}${middle}${suffix}`);
  switch (field) {
    case "identifier":
      return fc.oneof(
        { weight: 4, arbitrary: hostileIdentifiers() },
        { weight: 1, arbitrary: randomText(40) },
      );
    case "workdir":
    case "path":
      return fc.oneof(
        { weight: 3, arbitrary: fc.constant(sandbox.repo) },
        { weight: 4, arbitrary: fc.constantFrom(...hostilePaths(sandbox)) },
        { weight: 1, arbitrary: composed },
      );
    case "source":
      return fc.oneof(
        { weight: 6, arbitrary: fc.constant("shop") },
        {
          weight: 2,
          arbitrary: fc.constantFrom("Shop", "SHOP", "shop ", "outside", "nobody", "os_"),
        },
        { weight: 1, arbitrary: names },
        { weight: 1, arbitrary: composed },
      );
    case "change":
      return fc.oneof(
        { weight: 4, arbitrary: fc.constant("add-dark-mode") },
        { weight: 3, arbitrary: names },
        { weight: 1, arbitrary: composed },
      );
    case "name":
    case "target":
    case "artifact":
    case "schema":
      return fc.oneof(
        { weight: 5, arbitrary: plausibleNames },
        { weight: 4, arbitrary: names },
        { weight: 1, arbitrary: composed },
        { weight: 1, arbitrary: randomText(30) },
      );
    case "args":
      // openspec_cli's argument words: the CLI's commands and every option that reaches outside.
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_CLI_WORDS) },
        { weight: 2, arbitrary: names },
        { weight: 1, arbitrary: fc.constantFrom(...hostilePaths(sandbox)) },
        { weight: 1, arbitrary: composed },
      );
    default:
      return fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_TEXT, ...HOSTILE_NAMES) },
        { weight: 3, arbitrary: randomText(80) },
        { weight: 1, arbitrary: fc.constantFrom(...hostilePaths(sandbox)) },
      );
  }
}

/** Strings far past every limit: a megabyte of one character, of path climbing, of astral code points. */
export const HUGE_STRINGS = [
  "a".repeat(1 << 20),
  "../".repeat(350_000),
  "\u{1F984}".repeat(1 << 18),
  "-".repeat(1 << 20),
];
