import type { z } from "zod";
import { jsonShape } from "./json-shape.js";
import { shellFieldHelp } from "./shell-field-help.js";

/** How a shell flag carries an input field's value. */
export type FieldKind = "string" | "number" | "boolean" | "enum" | "json";

/** One input field of a tool, as the shell offers it. */
export type InputField = {
  name: string;
  kind: FieldKind;
  /** The allowed values of an enum field. */
  values: readonly string[];
  required: boolean;
  /**
   * For an array of strings (or one or some words such as `all`): the words;
   * as a positional argument it then takes the items as words, not JSON.
   */
  listWords?: readonly string[];
  /** The field's `.describe()` text, or the shell's words for it when it has none. */
  description: string;
  /** For a JSON field, what it takes in words (see `jsonShape`). */
  shape?: string;
};

// Wrappers that change whether a value may be left out, not what it is.
export const WRAPPERS = new Set([
  "optional",
  "nullable",
  "default",
  "prefault",
  "readonly",
  "nonoptional",
]);

/**
 * The fields of a tool's input schema, in schema order, read through zod 4's
 * public `shape`, `def.type` and `description`: what kind of value each takes,
 * whether it is required, and its help text.
 */
export function readInputFields(schema: z.ZodObject): InputField[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    let inner = field as z.ZodType;
    let description = inner.description;
    while (WRAPPERS.has(inner.def.type) && "innerType" in inner.def) {
      inner = inner.def.innerType as z.ZodType;
      description ??= inner.description;
    }
    const values = enumValues(inner);
    const list = listWords(inner);
    const kind = kindOf(inner.def.type, values);
    return {
      name,
      kind,
      values: values ?? [],
      ...(list ? { listWords: list } : {}),
      required: !(field as z.ZodType).safeParse(undefined).success,
      description: description ?? shellFieldHelp(name),
      ...(kind === "json" ? { shape: jsonShape(inner) } : {}),
    };
  });
}

function kindOf(type: string, values: readonly string[] | undefined): FieldKind {
  if (values) return "enum";
  if (type === "string" || type === "number" || type === "boolean") return type;
  // Arrays, objects, records, unions: the shell takes them as JSON.
  return "json";
}

/**
 * For an array of strings, or a union of one with string literals (`["1.2"]`
 * or `"all"`), the literals; undefined for anything else. The shell takes such
 * a field as words: `1.2 2.1`, or `all`.
 */
function listWords(schema: z.ZodType): string[] | undefined {
  const isStringArray = (candidate: z.ZodType) =>
    candidate.def.type === "array" &&
    "element" in candidate.def &&
    (candidate.def.element as z.ZodType).def.type === "string";
  if (isStringArray(schema)) return [];
  if (schema.def.type !== "union" || !("options" in schema.def)) return undefined;
  const options = schema.def.options as z.ZodType[];
  const arrays = options.filter(isStringArray);
  const words = options.filter((option) => !isStringArray(option)).map(enumValues);
  if (arrays.length !== 1 || words.some((entry) => entry === undefined)) return undefined;
  return words.flatMap((entry) => entry ?? []);
}

/** The values of an enum of strings, or of a string literal, else undefined. */
function enumValues(schema: z.ZodType): string[] | undefined {
  const { def } = schema;
  const raw =
    def.type === "enum" && "entries" in def
      ? Object.values(def.entries as Record<string, unknown>)
      : def.type === "literal" && "values" in def
        ? [...(def.values as unknown[])]
        : undefined;
  return raw?.every((value) => typeof value === "string") ? raw : undefined;
}
