import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  valueFromAST,
} from 'graphql';
import type { CostBucket } from './state.ts';

/**
 * The requested cost of a query, after Shopify's published rules: a scalar or enum field is free, an object is 1,
 * a connection is 2 plus `first` (or `last`) times the cost of one of its nodes, a list of objects with `first` is
 * `first` times one, and a mutation is 10. Shopify refunds the difference between requested and actual cost; the
 * fake charges what was requested, which is what a connector must budget for anyway.
 */

export const MAX_SINGLE_QUERY_COST = 1000;
const MUTATION_COST = 10;

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

function fieldDef(type: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  return isObjectType(type) || isInterfaceType(type) ? type.getFields()[name] : undefined;
}

function sizeArg(w: Walk, field: FieldNode, def: GraphQLField<unknown, unknown>): number | null {
  for (const name of ['first', 'last']) {
    const node = field.arguments?.find((a) => a.name.value === name);
    const argDef = def.args.find((a) => a.name === name);
    if (!node || !argDef) continue;
    const v = valueFromAST(node.value, argDef.type, w.variables);
    if (typeof v === 'number') return v;
  }
  // nodes(ids:) answers one object per id.
  const ids = field.arguments?.find((a) => a.name.value === 'ids');
  const idsDef = def.args.find((a) => a.name === 'ids');
  if (ids && idsDef) {
    const v = valueFromAST(ids.value, idsDef.type, w.variables);
    if (Array.isArray(v)) return v.length;
  }
  return null;
}

function selectionCost(w: Walk, set: SelectionSetNode | undefined, type: GraphQLCompositeType): number {
  if (!set) return 0;
  let cost = 0;
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) cost += fieldCost(w, s, type);
    else if (s.kind === Kind.INLINE_FRAGMENT) {
      const on = s.typeCondition ? w.schema.getType(s.typeCondition.name.value) : type;
      cost += selectionCost(w, s.selectionSet, isCompositeType(on) ? on : type);
    } else {
      const f = w.fragments.get(s.name.value);
      const on = f ? w.schema.getType(f.typeCondition.name.value) : null;
      if (f && isCompositeType(on)) cost += selectionCost(w, f.selectionSet, on);
    }
  }
  return cost;
}

/** One node of a connection: its `edges { node }` and `nodes` selections, one object each. */
function nodeCost(w: Walk, field: FieldNode, connection: GraphQLCompositeType): number {
  let cost = 0;
  for (const s of field.selectionSet?.selections ?? []) {
    if (s.kind !== Kind.FIELD) continue;
    const def = fieldDef(connection, s.name.value);
    const inner = def ? getNamedType(def.type) : null;
    if (!def || !isCompositeType(inner)) continue;
    if (s.name.value === 'nodes') cost += 1 + selectionCost(w, s.selectionSet, inner);
    if (s.name.value === 'edges') {
      for (const e of s.selectionSet?.selections ?? []) {
        if (e.kind !== Kind.FIELD || e.name.value !== 'node') continue;
        const nodeDef = fieldDef(inner, 'node');
        const nodeType = nodeDef ? getNamedType(nodeDef.type) : null;
        if (isCompositeType(nodeType)) cost += 1 + selectionCost(w, e.selectionSet, nodeType);
      }
    }
  }
  return cost;
}

function fieldCost(w: Walk, field: FieldNode, parent: GraphQLCompositeType): number {
  const def = fieldDef(parent, field.name.value);
  if (!def) return 0;
  const named = getNamedType(def.type);
  if (!isCompositeType(named)) return 0;
  const size = sizeArg(w, field, def);
  if (named.name.endsWith('Connection')) return 2 + (size ?? 0) * nodeCost(w, field, named);
  const unwrapped = isNonNullType(def.type) ? def.type.ofType : def.type;
  const one = 1 + selectionCost(w, field.selectionSet, named);
  return isListType(unwrapped) ? (size ?? 1) * one : one;
}

export function requestedCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: FragmentDefinitionNode[],
  variables: Record<string, unknown>,
): number {
  if (operation.operation === 'mutation') {
    return operation.selectionSet.selections.filter((s) => s.kind === Kind.FIELD).length * MUTATION_COST;
  }
  const root = schema.getQueryType();
  if (!root) return 0;
  const w: Walk = { schema, fragments: new Map(fragments.map((f) => [f.name.value, f])), variables };
  return selectionCost(w, operation.selectionSet, root);
}

/** The bucket as it stands now: restored at its rate since it was last looked at, never above its maximum. */
export function refill(bucket: CostBucket, now = Date.now()): void {
  bucket.currentlyAvailable = Math.min(
    bucket.maximumAvailable,
    bucket.currentlyAvailable + ((now - bucket.at) / 1000) * bucket.restoreRate,
  );
  bucket.at = now;
}

export function throttleStatus(bucket: CostBucket) {
  return {
    maximumAvailable: bucket.maximumAvailable,
    currentlyAvailable: Math.floor(bucket.currentlyAvailable),
    restoreRate: bucket.restoreRate,
  };
}
