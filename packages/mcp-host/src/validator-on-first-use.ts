import type { jsonSchemaValidator } from "@modelcontextprotocol/server";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";

/**
 * The SDK's own JSON Schema validator (ajv), made when the server first
 * checks a value against a schema rather than with the server: making it
 * builds ajv's vocabularies, about a tenth of a stdio server's start before
 * its first `tools/list` answer, and the SDK's `Server` uses it only to check
 * a client's answer to an elicitation, which this server does not ask for.
 */
export function validatorOnFirstUse(): jsonSchemaValidator {
  let validator: AjvJsonSchemaValidator | undefined;
  return {
    getValidator(schema) {
      validator ??= new AjvJsonSchemaValidator();
      return validator.getValidator(schema);
    },
  };
}
