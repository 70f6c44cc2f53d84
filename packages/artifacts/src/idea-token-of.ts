import { join } from "node:path";
import type { Repository } from "./open-repository.js";
import { repositoryTokens } from "./repository-tokens.js";
import { scanSpecFiles } from "./scan-specs.js";

/** The token an idea is handed out with: unique among every change, spec and idea of its repository. */
export function ideaTokenOf(repository: Repository, hash: string): string {
  const specs = scanSpecFiles(repository, join(repository.openspecDir, "specs"));
  return repositoryTokens(repository, specs).tokenOf(hash);
}
