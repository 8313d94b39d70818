import { type ExecutionArgs, type ExecutionResult, type FormattedExecutionResult, getOperationAST, GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { ErrorCode } from '../../common/error-codes';
import { admitOperation } from '../../graphql/admission';
import type { CostLimits } from '../../graphql/cost';
import type { ContextLoaders, ContextServices, GraphQLContext, LoaderFactory } from '../../graphql/context';
import { formatGraphQLError, withoutSuggestions } from '../../graphql/format-error';
import { type DirectSend, sharedSubscribe } from '../../graphql/subscriptions/shared-execution';
import type { ValidatedDocuments } from '../../graphql/subscriptions/validated-documents';
import type { ApiKeyAuthenticator } from '../authentication';
import type { SubscriberConnection, SubscriptionGate } from './subscription-gate';
import type { WriteCoalescer } from './write-coalescer';

/** What a client sends to start an operation, on either transport. */
export interface OperationRequest {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

/** The service layer as the transports hold it: carried whole to resolvers, and a connection's key looked up with it. */
export type SubscriptionServices = ContextServices & { apiKeys: ApiKeyAuthenticator };

/** What both transports run subscriptions with. */
export interface SubscriptionRuntime {
  schema: GraphQLSchema;
  services: SubscriptionServices;
  loaders: LoaderFactory;
  costLimits: CostLimits;
  gate: SubscriptionGate;
  /** Parsed and validated operations, shared by the subscriptions sending the same text. */
  documents: ValidatedDocuments;
  /** No "Did you mean …?" in errors (as over HTTP). */
  production: boolean;
  /** Both transports' sockets: a turn's messages to one socket leave in one write. */
  writes: WriteCoalescer;
}

export const OVER_HTTP_ONLY =
  'Queries and mutations are not run over this transport, which carries subscriptions only: send them to POST /graphql, where rate limits, idempotency and metrics apply';

const shareKeys = new WeakMap<object, string>();
const directSends = new WeakMap<object, DirectSend>();

function refusal(code: ErrorCode, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

/**
 * Judges an operation sent over a subscription transport before anything runs, as POST /graphql
 * judges a query: it must parse and validate, be a subscription, and pass admission (admission.ts:
 * null variables, scopes, the cost limits, an event's `resource` costing as its selection), and
 * the key must have a subscription left (SUBSCRIPTIONS_MAX_PER_KEY). The arguments to run it, or
 * the errors refusing it. An accepted operation holds a place until `gate.ended`. A transport that
 * can write a result's payload text itself gives `direct` (shared-execution.ts).
 */
export function prepareSubscription(runtime: SubscriptionRuntime, connection: SubscriberConnection, request: OperationRequest, direct?: DirectSend): ExecutionArgs | GraphQLError[] {
  let judged: ReturnType<ValidatedDocuments['get']>;
  try {
    judged = runtime.documents.get(request.query);
  } catch (error) {
    return [refusal(ErrorCode.GRAPHQL_PARSE_FAILED, error instanceof Error ? error.message : 'The query does not parse')];
  }
  if ('invalid' in judged) return judged.invalid.map((error) => refusal(ErrorCode.GRAPHQL_VALIDATION_FAILED, error.message));
  const { document } = judged;
  const operation = getOperationAST(document, request.operationName ?? undefined);
  if (!operation) return [refusal(ErrorCode.BAD_REQUEST, 'The document names no single operation to run: give operationName')];
  if (operation.operation !== 'subscription') return [refusal(ErrorCode.BAD_REQUEST, OVER_HTTP_ONLY)];
  const variables = request.variables ?? {};
  // As over HTTP, one refusal (admission.ts); the charge is a place among the key's subscriptions.
  const admission = admitOperation({ schema: runtime.schema, document, operation, variables, scopes: connection.ctx.scopes }, runtime.costLimits, () => runtime.gate.started(connection));
  if (admission.refusal) return [admission.refusal];
  const contextValue: GraphQLContext = { request: connection.ctx, services: runtime.services, loaders: undefined as unknown as ContextLoaders };
  // Everything an answer depends on: the workspace, what the key may see, the operation and its variables.
  shareKeys.set(contextValue, JSON.stringify([connection.ctx.organisationId, [...connection.ctx.scopes].sort(), request.query, request.operationName ?? null, variables]));
  if (direct) directSends.set(contextValue, direct);
  return { schema: runtime.schema, document, operationName: request.operationName ?? undefined, variableValues: variables, contextValue };
}

/** graphql-js's `subscribe`, sharing each event's answer among subscriptions with equal operations (shared-execution.ts). */
export function subscriptionExecutor(runtime: SubscriptionRuntime): ReturnType<typeof sharedSubscribe<GraphQLContext>> {
  return sharedSubscribe<GraphQLContext>({
    // Each event reads the records afresh, through loaders made only if a field needs them.
    contextForEvent: (base) => {
      let loaders: ContextLoaders | undefined;
      return {
        request: base.request,
        services: base.services,
        get loaders(): ContextLoaders {
          return (loaders ??= runtime.loaders(base.services, base.request));
        },
      };
    },
    shareKeyOf: (base) => shareKeys.get(base),
    directSendOf: (base) => directSends.get(base),
  });
}

/** Errors as POST /graphql words them: codes from the catalogue, nothing internal. */
export function formatErrors(errors: readonly GraphQLError[], production: boolean): GraphQLFormattedError[] {
  return errors.map((error) => {
    const formatted = formatGraphQLError(error.toJSON(), error);
    return production ? withoutSuggestions(formatted) : formatted;
  });
}

const formattedResults = new WeakMap<ExecutionResult, FormattedExecutionResult>();

/** A result as sent: errors formatted (once per shared result); a result without errors as it is. */
export function formatResult(result: ExecutionResult, production: boolean): FormattedExecutionResult | undefined {
  if (!result.errors) return undefined;
  let formatted = formattedResults.get(result);
  if (!formatted) {
    formatted = { ...result, errors: formatErrors(result.errors, production) };
    formattedResults.set(result, formatted);
  }
  return formatted;
}
