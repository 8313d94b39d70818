import type { ApolloServerPlugin } from '@apollo/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../common/error-codes';
import type { RequestContext } from '../../common/request-context';
import type { GraphQLContext } from '../../graphql/context';
import { failureBody, isGraphQLTarget } from '../framework-errors';
import { graphqlHttpStatusOf } from '../../graphql/error-status';
import { httpStatusOf } from '../error-status';
import { isLimitedTarget } from './rate-limit';

/**
 * The byte cap on one answer (MAX_RESPONSE_BYTES, docs/limits.md). The cost limits and `per_page`
 * bound how many objects an answer holds; this bounds its bytes, which long text and
 * `custom_fields` can make large however few the objects. Only reads are refused: a REST GET or a
 * GraphQL query over the cap gets RESPONSE_TOO_LARGE instead of its data. A write has happened by
 * the time its answer exists, so withholding it would tell the client it failed; writes are
 * answered whole (a REST write's answer is bounded by the body limit and `per_page`, a mutation's
 * payload by the cost limits).
 */

interface GraphQLAnswer {
  mutation: boolean;
  /** Apollo's result object; its `extensions` (the cost) are complete once the answer is serialised. */
  result?: { extensions?: Record<string, unknown> };
}

/** Filled by the plugin below for each GraphQL request, read by the onSend hook of the same request. */
const graphqlAnswers = new WeakMap<RequestContext, GraphQLAnswer>();

/** Tells the hook whether a GraphQL answer is a mutation's, and hands it the answer's extensions. */
export function responseSizePlugin(): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ operation, response, contextValue }) {
          const context = contextValue?.request;
          if (!context) return;
          const result = response.body.kind === 'single' ? response.body.singleResult : undefined;
          // The operations of a batch share the request: its answer is a write's if any of them is a mutation.
          const mutation = operation?.operation === 'mutation' || graphqlAnswers.get(context)?.mutation === true;
          graphqlAnswers.set(context, { mutation, result });
        },
      };
    },
  };
}

function isRead(request: FastifyRequest): boolean {
  if (isGraphQLTarget(request.url)) {
    const answer = request.requestContext ? graphqlAnswers.get(request.requestContext) : undefined;
    return answer !== undefined && !answer.mutation;
  }
  return request.method === 'GET' || request.method === 'HEAD';
}

function byteLength(payload: unknown): number | undefined {
  if (typeof payload === 'string') return Buffer.byteLength(payload);
  if (Buffer.isBuffer(payload)) return payload.length;
  return undefined;
}

function refusalStatus(request: FastifyRequest): number {
  return isGraphQLTarget(request.url) ? graphqlHttpStatusOf(ErrorCode.RESPONSE_TOO_LARGE) : httpStatusOf(ErrorCode.RESPONSE_TOO_LARGE);
}

function refusal(request: FastifyRequest, bytes: number, maxBytes: number): string {
  const advice = isGraphQLTarget(request.url) ? 'select fewer fields or objects (a smaller `first`)' : 'ask for a smaller per_page';
  const message = `The answer is ${bytes} bytes, more than the maximum of ${maxBytes}; ${advice}`;
  const body = failureBody(request.url, request.id, refusalStatus(request), message, ErrorCode.RESPONSE_TOO_LARGE);
  const extensions = request.requestContext ? graphqlAnswers.get(request.requestContext)?.result?.extensions : undefined;
  return JSON.stringify('errors' in body && extensions ? { ...body, extensions } : body);
}

/** Registers the cap on every /v2 and /graphql answer; 0 turns it off. */
export function registerResponseSizeLimit(app: FastifyInstance, maxBytes: number): void {
  if (maxBytes === 0) return;
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // A string's UTF-8 length is at most three bytes per UTF-16 unit: most answers need no count.
    if (typeof payload === 'string' && payload.length * 3 <= maxBytes) return payload;
    if (!isLimitedTarget(request.url) || reply.statusCode >= 300 || !isRead(request)) return payload;
    const bytes = byteLength(payload);
    if (bytes === undefined || bytes <= maxBytes) return payload;
    const status = refusalStatus(request);
    request.log.warn({ status, bytes, maxBytes }, 'answer refused: larger than MAX_RESPONSE_BYTES');
    void reply.status(status).header('content-type', 'application/json; charset=utf-8');
    return refusal(request, bytes, maxBytes);
  });
}
