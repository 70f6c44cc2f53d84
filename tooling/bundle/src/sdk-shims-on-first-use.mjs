// The MCP SDK's Node shims (`@modelcontextprotocol/server/_shims`) as the
// bundles hold them: the same exports, but the default JSON Schema validator
// loads the SDK's own (ajv and its vocabularies) on its first use. The real
// module evaluates ajv as it loads, a fifth of openspec-mcp's CPU before its
// first `tools/list` answer, and a server asks it only to check a client's
// answer to an elicitation. `require()` keeps the load synchronous, as
// `getValidator` is; the bundler runs the real module's code only then.
import process from "node:process";

/** @type {typeof import("@modelcontextprotocol/server/_shims").DefaultJsonSchemaValidator | undefined} */
let RealValidator;

export class DefaultJsonSchemaValidator {
  /** @type {import("@modelcontextprotocol/server/_shims").DefaultJsonSchemaValidator | undefined} */
  #validator;

  /** @param {Parameters<import("@modelcontextprotocol/server").jsonSchemaValidator["getValidator"]>[0]} schema */
  getValidator(schema) {
    RealValidator ??= require("@modelcontextprotocol/server/_shims").DefaultJsonSchemaValidator;
    this.#validator ??= new RealValidator();
    return this.#validator.getValidator(schema);
  }
}

export { process };
