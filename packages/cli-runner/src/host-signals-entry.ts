// `@org/openspec-cli-runner/host-signals`: ending a host's CLI runs on the
// signals that end the host, without loading the runner that starts them.
export { exitOnHostSignals, HOST_SIGNALS, type HostSignal } from "./exit-on-host-signals.js";
