import type { z } from "zod";

type JsonSchema = Record<string, unknown>;
type JsonConverter = (options: { target: string }) => JsonSchema;

/**
 * A zod schema as tools/list shows it: the same validation (the SDK only calls
 * `~standard.validate`), with two things left out of its JSON Schema, which
 * sits in every conversation (DESIGN.md §5: tools/list ≤ 9,000 tokens):
 * - the `$schema` key: MCP takes JSON Schema 2020-12 as the default dialect;
 * - the ±2^53−1 bounds zod puts on every `.int()`: they say nothing;
 * - length and count bounds (`minLength`, `maxItems`, …): limits a model
 *   rarely meets, checked by zod all the same, with a message naming the fix;
 * - a second copy of a schema: an array whose items are another parameter's
 *   schema (`multi_ref` of `ref`) points at it with `$ref`.
 */
export function lean<T extends z.ZodType>(schema: T): T {
  const standard = schema["~standard"] as z.ZodType["~standard"] & {
    jsonSchema: { input: JsonConverter; output: JsonConverter };
  };
  const trim =
    (convert: JsonConverter): JsonConverter =>
    (options) => {
      const { $schema: _, ...rest } = convert(options);
      return sharedItems(withoutNoise(rest));
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

const BOUNDS = new Set(["minLength", "maxLength", "minItems", "maxItems"]);

function withoutNoise<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutNoise) as T;
  if (typeof value !== "object" || value === null) return value;
  const out: JsonSchema = {};
  for (const [key, inner] of Object.entries(value)) {
    if (
      (key === "maximum" || key === "minimum") &&
      Math.abs(Number(inner)) === Number.MAX_SAFE_INTEGER
    )
      continue;
    if (BOUNDS.has(key) && typeof inner === "number") continue;
    out[key] = withoutNoise(inner);
  }
  return out as T;
}

/** Array parameters whose items repeat another parameter's schema refer to it instead. */
function sharedItems(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return schema;
  const byJson = new Map<string, string>();
  for (const [name, property] of Object.entries(properties)) {
    const { description: _, ...shape } = property;
    byJson.set(JSON.stringify(shape), name);
  }
  const out: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(properties)) {
    const items = property.items as JsonSchema | undefined;
    const same = items && byJson.get(JSON.stringify(items));
    out[name] =
      same && same !== name ? { ...property, items: { $ref: `#/properties/${same}` } } : property;
  }
  return { ...schema, properties: out };
}
