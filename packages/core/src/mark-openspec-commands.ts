// The OpenSpec CLI's own `openspec <command>` mentions, marked `{openspec}`:
// from the failure library, which a tool's view may load (the runner marks
// the advice of the CLI's refusals with the same function). The catalog's
// views mark the CLI's text they show with it (`openspec status`'s next steps).
export { markOpenSpecCommands } from "@org/openspec-failure";
