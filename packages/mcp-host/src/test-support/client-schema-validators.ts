import { AjvJsonSchemaValidator as ModernAjvValidator } from "@modelcontextprotocol/client/validators/ajv";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { compileEachSchemaOnce } from "@org/test-kit";

/**
 * The SDK clients' own output-schema validators, compiled once per test
 * process: every answer is still checked against its tool's schema, but a
 * tools/list no longer recompiles the whole catalog's schemas.
 */
export const legacyClientValidator = compileEachSchemaOnce(new AjvJsonSchemaValidator());
/** The same for the SDK v2 client (`@modelcontextprotocol/client`). */
export const modernClientValidator = compileEachSchemaOnce(new ModernAjvValidator());
