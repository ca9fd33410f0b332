import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/*
 * Response serialisation from the zod contracts, fast. fastify-type-provider-zod's serializer
 * runs a full zod encode of every response (on a 24-listing page, about twice the cost of
 * writing the JSON). Here each response schema is turned once into JSON Schema and compiled with
 * fast-json-stringify, which writes only the properties the contract declares: a field the
 * contract does not name (an owner's phone number, say) never reaches the client, as with zod.
 * Under test the zod schema also checks every response, so a service drifting from its contract
 * fails loudly there instead of being silently reshaped; serving skips that second pass.
 */

type JsonSchema = Record<string, unknown>;

const KEPT_KEYWORDS = new Set(['type', 'additionalProperties', 'required']);

/**
 * Reduces JSON Schema to what fast-json-stringify needs to pick and write fields. A union of
 * objects (the listing types) becomes one object with every branch's properties, since each
 * property is written only when present; a nullable X becomes X with 'null' allowed.
 */
export function toSerializationSchema(schema: JsonSchema): JsonSchema {
  const union = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (Array.isArray(union)) {
    const branches = union.map(toSerializationSchema);
    const nonNull = branches.filter((b) => b.type !== 'null');
    const nullable = nonNull.length < branches.length;
    const [only] = nonNull;
    if (nonNull.length === 1 && only) {
      // A branch without a type (z.unknown()) admits null already; [undefined, 'null'] is invalid.
      if (!nullable || only.type === undefined) return only;
      return { ...only, type: [only.type, 'null'] };
    }
    if (nonNull.length > 1 && nonNull.every((b) => b.type === 'object')) {
      const properties: JsonSchema = {};
      for (const branch of nonNull) {
        for (const [name, property] of Object.entries(branch.properties as JsonSchema)) {
          const clash =
            name in properties && JSON.stringify(properties[name]) !== JSON.stringify(property);
          // Branches that disagree on a property (the `type` literal) write it as plain JSON.
          properties[name] = clash ? {} : property;
        }
      }
      return { type: nullable ? ['object', 'null'] : 'object', properties };
    }
    return {};
  }
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'properties') {
      out.properties = Object.fromEntries(
        Object.entries(value as JsonSchema).map(([name, property]) => [
          name,
          toSerializationSchema(property as JsonSchema),
        ]),
      );
    } else if (keyword === 'items') {
      out.items = toSerializationSchema(value as JsonSchema);
    } else if (KEPT_KEYWORDS.has(keyword)) {
      out[keyword] = value;
    }
  }
  // Required-ness is zod's to check; the writer only needs to know what may be written.
  delete out.required;
  return out;
}

export class ResponseContractError extends Error {
  constructor(what: string, cause: z.ZodError) {
    super(`${what} does not match its contract: ${z.prettifyError(cause)}`);
    this.name = 'ResponseContractError';
  }
}

/**
 * The JSON writer of one contract schema; with `checkWithZod` it first checks its input against
 * the schema and throws ResponseContractError naming `what`.
 */
export function compileContractWriter(
  schema: z.ZodType,
  options: { checkWithZod: boolean; what: string },
): (data: unknown) => string {
  const writer: (data: unknown) => string = fastJsonStringify(
    toSerializationSchema(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })),
  );
  if (!options.checkWithZod) return writer;
  return (data: unknown) => {
    const checked = schema.safeParse(data);
    if (!checked.success) throw new ResponseContractError(options.what, checked.error);
    return writer(data);
  };
}

export function createResponseSerializerCompiler(options: {
  checkWithZod: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) =>
    compileContractWriter(schema, {
      checkWithZod: options.checkWithZod,
      what: `Response of ${method} ${url}`,
    });
}
