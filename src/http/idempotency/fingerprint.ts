import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { parse, type OperationDefinitionNode } from 'graphql';

/**
 * What makes two requests "the same request" for an `Idempotency-Key` (docs/decisions.md,
 * "Idempotency keys"), and which GraphQL requests take part at all.
 */

/** JSON with object keys sorted at every level, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are one request. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .filter((name) => (value as Record<string, unknown>)[name] !== undefined)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonicalJson((value as Record<string, unknown>)[name])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestFingerprint(request: FastifyRequest): string {
  return createHash('sha256').update(`${request.method}\n${request.url}\n${canonicalJson(request.body)}`).digest('hex');
}

/**
 * Whether a GraphQL request runs a mutation (a batch: whether any of its operations does); a
 * document that does not parse or name one operation is not.
 */
export function isGraphQLMutation(request: FastifyRequest): boolean {
  if (request.method !== 'POST') return false;
  return Array.isArray(request.body) ? request.body.some(runsMutation) : runsMutation(request.body);
}

function runsMutation(requestBody: unknown): boolean {
  const body = requestBody as { query?: unknown; operationName?: unknown } | undefined;
  if (!body || typeof body !== 'object' || typeof body.query !== 'string') return false;
  try {
    const operations = parse(body.query).definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition');
    const name = typeof body.operationName === 'string' ? body.operationName : undefined;
    const chosen = name === undefined ? (operations.length === 1 ? operations[0] : undefined) : operations.find((operation) => operation.name?.value === name);
    return chosen?.operation === 'mutation';
  } catch {
    return false;
  }
}
