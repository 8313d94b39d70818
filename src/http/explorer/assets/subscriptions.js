// Subscriptions run over graphql-ws on the endpoint's own path (ws: or wss:, like the page), with
// the key of the Headers tab in connectionParams: a browser cannot set headers on a WebSocket.
// graphql-ws's browser client is served by this server (graphql-ws-assets.ts) and loaded on the
// first subscription only.

/** The headers GraphiQL would send, as the connectionParams the server reads a key from. */
export function connectionParamsOf(headers) {
  const connectionParams = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (typeof value !== 'string') continue;
    if (name.toLowerCase() === 'x-api-key') connectionParams['X-API-Key'] = value;
    else if (name.toLowerCase() === 'authorization') connectionParams.Authorization = value;
  }
  return connectionParams;
}

/**
 * A failure as a result the result pane shows like any other: the server's GraphQL errors as they
 * are, a closed socket with its code and reason (4403: the key was refused).
 */
export function failure(error) {
  if (Array.isArray(error)) return { errors: error };
  if (error !== null && typeof error === 'object' && 'code' in error && 'reason' in error) {
    return { errors: [{ message: 'The WebSocket closed (' + error.code + ')' + (error.reason ? ': ' + error.reason : '') }] };
  }
  return { errors: [{ message: error instanceof Error ? error.message : String(error) }] };
}

/**
 * Runs subscriptions against `endpoint` (a path or URL of the GraphQL endpoint) with the
 * graphql-ws client module at `clientUrl`. Answers GraphiQL's fetcher with an async iterable of
 * results.
 */
export function subscriptionRunner({ endpoint, clientUrl }) {
  let loadingGraphqlWs;
  // One client (one socket, opened while a subscription runs) for the key in use; another key gets
  // a new client and the old one is disposed. GraphiQL runs one operation at a time, and its Run
  // button stops a running subscription rather than starting a second.
  let current;

  function forget(client) {
    if (!client) return;
    if (current?.client === client) current = undefined;
    void client.dispose();
  }

  async function clientFor(connectionParams) {
    const identity = JSON.stringify(connectionParams);
    if (current?.identity !== identity) {
      loadingGraphqlWs ??= import(clientUrl).catch((error) => {
        loadingGraphqlWs = undefined;
        throw error;
      });
      const { createClient } = await loadingGraphqlWs;
      if (current?.identity !== identity) {
        forget(current?.client);
        const url = new URL(endpoint, location.href);
        url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
        // No retries: a refused key (4403) is shown at once rather than retried.
        current = { identity, client: createClient({ url: url.href, connectionParams, lazy: true, retryAttempts: 0 }) };
      }
    }
    return current.client;
  }

  /**
   * graphql-ws's iterate(), as GraphiQL takes it: each result in turn, a failure as a last result,
   * and return() (GraphiQL's Stop) completing the subscription on the server at once. (Not an
   * async generator: its return() would wait for the next result, which may never come.)
   */
  function results(client, params) {
    const iterator = client.iterate({ query: params.query, variables: params.variables ?? undefined, operationName: params.operationName ?? undefined });
    let ended = false;
    return {
      [Symbol.asyncIterator]() {
        return this;
      },
      async next() {
        if (ended) return { done: true, value: undefined };
        try {
          const step = await iterator.next();
          if (step.done) ended = true;
          return step;
        } catch (error) {
          ended = true;
          forget(client);
          return { done: false, value: failure(error) };
        }
      },
      async return() {
        ended = true;
        await iterator.return();
        return { done: true, value: undefined };
      },
    };
  }

  addEventListener('pagehide', () => forget(current?.client));

  return async function subscribe(params, headers) {
    return results(await clientFor(connectionParamsOf(headers)), params);
  };
}
