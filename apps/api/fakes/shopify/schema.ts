import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery, isScalarType, Kind } from 'graphql';
import { contractPath } from '../kit/contracts-dir.ts';

/** The Admin API version the fake serves and the connector speaks. */
export const SHOPIFY_API_VERSION = '2025-01';

/**
 * Custom scalars as their descriptions in the schema define them. An introspection result carries only their names,
 * so without this a Money given as a JSON number, or a DateTime that is not ISO 8601, would pass unnoticed.
 */
const SCALAR_TEXT: Record<string, RegExp> = {
  Decimal: /^-?\d+(\.\d+)?$/,
  Money: /^-?\d+(\.\d+)?$/,
  DateTime: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  URL: /^[a-z][a-z0-9+.-]*:\/\/\S+$/i,
  UnsignedInt64: /^\d+$/,
};

function strictText(name: string, pattern: RegExp) {
  return (value: unknown): string => {
    if (typeof value !== 'string' || !pattern.test(value)) {
      throw new TypeError(`${name} must be text such as the schema describes, not ${JSON.stringify(value)}`);
    }
    return value;
  };
}

let cached: GraphQLSchema | null = null;

/** The published 2025-01 Admin schema (an introspection result, gzip), read once per process. */
export function shopifySchema(): GraphQLSchema {
  if (cached) return cached;
  const file = contractPath('shopify', `admin_schema_${SHOPIFY_API_VERSION}.json.gz`);
  const introspection = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as { data: IntrospectionQuery };
  const schema = buildClientSchema(introspection.data);
  for (const [name, pattern] of Object.entries(SCALAR_TEXT)) {
    const type = schema.getType(name);
    if (!isScalarType(type)) continue;
    type.serialize = strictText(name, pattern);
    type.parseValue = strictText(name, pattern);
    const parse = strictText(name, pattern);
    type.parseLiteral = (node) => parse(node.kind === Kind.STRING ? node.value : node.kind);
  }
  cached = schema;
  return schema;
}
