import type { HttpBindings } from "@hono/node-server";
import type { Principal } from "./http-registry.js";

/** What every HTTP handler of the server sees: Node's request and response, and the token's holder once checked. */
export type HttpEnv = { Bindings: HttpBindings; Variables: { principal: Principal } };
