/** Whether a run's failure is a refusal before the CLI started: the runner never answers these codes. */
export function isRefusedRun(run: { ok: boolean; code?: string }): boolean {
  return (
    run.code === "no_openspec_root" ||
    run.code === "path_outside_repository" ||
    run.code === "store_not_allowed" ||
    run.code === "config_too_structured" ||
    run.code === "not_a_regular_file"
  );
}
