import type { z } from "zod";

type JsonSchema = Record<string, unknown>;
type JsonConverter = (options: { target: string }) => JsonSchema;

/**
 * A zod schema as tools/list shows it: the same validation (the SDK only calls
 * `~standard.validate`), with two things left out of its JSON Schema, which
 * sits in every conversation (DESIGN.md §5: tools/list + instructions ≤ 3,000 tokens, a tool ≤ 500):
 * - the `$schema` key: MCP takes JSON Schema 2020-12 as the default dialect;
 * - bounds (`minimum`, `maxLength`, `maxItems`, …) and patterns: limits a
 *   model rarely meets (or, like zod's ±2^53−1 on every `.int()`, none at
 *   all), checked by zod all the same, with a message naming the fix;
 * - a tuple's `items: false` and an empty `additionalProperties`: rules zod
 *   checks, which portability checks of clients refuse in that spelling;
 * - a record's `propertyNames: {"type": "string"}`: every JSON object's keys are;
 * - a second copy of a schema: it points at the first with `$ref`;
 * - the fields of an object marked `brief` (a locator's object form): the
 *   server's instructions say them once, so tools/list shows `{"type": "object"}`.
 */
export function lean<T extends z.ZodType>(schema: T): T {
  const standard = schema["~standard"] as z.ZodType["~standard"] & {
    jsonSchema: { input: JsonConverter; output: JsonConverter };
  };
  const trim =
    (convert: JsonConverter): JsonConverter =>
    (options) => {
      const { $schema: _, ...rest } = convert(options);
      return shared(withoutNoise(rest));
    };
  return {
    "~standard": {
      ...standard,
      jsonSchema: {
        input: trim(standard.jsonSchema.input),
        output: trim(standard.jsonSchema.output),
      },
    },
  } as unknown as T;
}

/** Metadata key: list this object schema as `{"type": "object"}` (see `brief`). */
const BRIEF = "x-edgeclip-brief";

/**
 * `schema`, listed in tools/list as a bare object: for object forms whose
 * fields the server's instructions describe once for every tool. zod still
 * checks every field.
 */
export const brief = <T extends z.ZodType>(schema: T): T => schema.meta({ [BRIEF]: true }) as T;

const BOUNDS = new Set(["minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems"]);

function withoutNoise<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutNoise) as T;
  if (typeof value !== "object" || value === null) return value;
  if (BRIEF in value) {
    const { description } = value as JsonSchema;
    return (description ? { type: "object", description } : { type: "object" }) as T;
  }
  const out: JsonSchema = {};
  for (const [key, inner] of Object.entries(value)) {
    if (BOUNDS.has(key) && typeof inner === "number") continue;
    if (key === "pattern" && typeof inner === "string") continue;
    if (key === "description" && inner === "") continue;
    // A pair's `items: false` (no third item) and an empty `additionalProperties` (any value)
    // trip clients' portability checks (the MCP Inspector's --strict): zod keeps both rules.
    if (key === "items" && inner === false) continue;
    if (key === "additionalProperties" && isEmpty(inner)) continue;
    // A record's keys are strings, as every JSON object's are: nothing to say.
    if (key === "propertyNames" && isStringType(inner)) continue;
    out[key] = withoutNoise(inner);
  }
  return out as T;
}

const isStringType = (value: unknown) =>
  typeof value === "object" &&
  value !== null &&
  Object.keys(value).length === 1 &&
  (value as JsonSchema).type === "string";

const isEmpty = (value: unknown) =>
  typeof value === "object" && value !== null && Object.keys(value).length === 0;

/** Subschemas shorter than this (as JSON) are written again rather than pointed at. */
const SHARED_MIN_CHARS = 40;

/**
 * Every subschema that repeats an earlier one (an array of what a parameter
 * takes alone, a `mode` enum given twice) points at the first with `$ref`, a
 * JSON Pointer into the same schema; an `anyOf` inside an `anyOf` is
 * flattened into it.
 */
function shared(schema: JsonSchema): JsonSchema {
  const seen = new Map<string, string>();
  const walk = (value: unknown, at: string): unknown => {
    if (Array.isArray(value)) return value.map((v, i) => walk(v, `${at}/${i}`));
    if (typeof value !== "object" || value === null) return value;
    let node = value as JsonSchema;
    if (Array.isArray(node.anyOf))
      node = {
        ...node,
        anyOf: (node.anyOf as JsonSchema[]).flatMap((option) =>
          Object.keys(option).length === 1 && Array.isArray(option.anyOf)
            ? (option.anyOf as JsonSchema[])
            : [option],
        ),
      };
    const { description: _, ...shape } = node;
    const json = JSON.stringify(shape);
    const first = json.length >= SHARED_MIN_CHARS ? seen.get(json) : undefined;
    if (first)
      return node.description ? { $ref: first, description: node.description } : { $ref: first };
    const out: JsonSchema = {};
    for (const [key, inner] of Object.entries(node)) out[key] = walk(inner, `${at}/${key}`);
    if (json.length >= SHARED_MIN_CHARS && at !== "#") seen.set(json, at);
    return out;
  };
  return walk(schema, "#") as JsonSchema;
}
