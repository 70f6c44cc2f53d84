import { AjvJsonSchemaValidator as ModernAjvValidator } from "@modelcontextprotocol/client/validators/ajv";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { compileEachSchemaOnce } from "./compile-each-schema-once.js";

/**
 * The SDK 1.x client's own output-schema validator (`@modelcontextprotocol/sdk`),
 * compiled once per test process: every answer is still checked against its
 * tool's schema, but a tools/list no longer recompiles the whole catalog's
 * schemas. A light entry of its own (`@org/test-kit/mcp-client-validators`), so
 * suites without an MCP client do not load ajv.
 */
export const legacyClientValidator = compileEachSchemaOnce(new AjvJsonSchemaValidator());
/** The same for the SDK v2 client (`@modelcontextprotocol/client`). */
export const modernClientValidator = compileEachSchemaOnce(new ModernAjvValidator());
