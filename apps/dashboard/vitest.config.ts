import { definePackageConfig } from "@org/vitest-config";

export default definePackageConfig();
