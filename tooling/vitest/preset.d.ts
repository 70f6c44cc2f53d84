import type { ViteUserConfig } from "vitest/config";

declare const preset: ViteUserConfig;
export declare function definePackageConfig(overrides?: ViteUserConfig): ViteUserConfig;
export default preset;
