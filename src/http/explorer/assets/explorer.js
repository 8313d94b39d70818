// The explorer page's script (ruru-page.ts explains what the page changes from Ruru's defaults):
// it starts Ruru with a fetcher of its own and a storage that keeps no key. The page holds no
// script of its own: its settings come in a JSON block (#explorer-config), so the page's CSP can
// allow scripts from this server only.

import { keyFreeStorage } from './key-free-storage.js';
import { isSubscription } from './operations.js';
import { provideEditorWorkers, restoreLayout } from './ruru-start.js';
import { failure, subscriptionRunner } from './subscriptions.js';

/**
 * { ruru: Ruru's props (RuruClientConfig: endpoint, staticPath, default headers and query…),
 *   ruruModule, introspection, graphqlWsClient: URLs on this server }
 */
const config = JSON.parse(document.getElementById('explorer-config').textContent);
const { endpoint } = config.ruru;

provideEditorWorkers(config.ruru.staticPath);
restoreLayout();

const subscribe = subscriptionRunner({ endpoint, clientUrl: config.graphqlWsClient });

/**
 * GraphiQL's fetcher. Its introspection (sent once, at load time, with whatever the Headers tab
 * holds then: the placeholder) reads the schema this server publishes without a key, so the docs
 * work before a key is typed. Subscriptions go over graphql-ws; everything else is POSTed to the
 * endpoint with the Headers tab's headers. Cookies are never sent.
 */
async function fetcher(params, options) {
  if (params.operationName === 'IntrospectionQuery') {
    const answer = await fetch(config.introspection, { credentials: 'omit' });
    return answer.json();
  }
  if (isSubscription(params)) {
    try {
      return await subscribe(params, options?.headers);
    } catch (error) {
      return failure(error);
    }
  }
  const answer = await fetch(endpoint, {
    method: 'POST',
    credentials: 'omit',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...options?.headers },
    body: JSON.stringify(params),
  });
  const text = await answer.text();
  try {
    return JSON.parse(text);
  } catch {
    return { errors: [{ message: 'HTTP ' + answer.status + ': ' + text }] };
  }
}

const { React, createRoot, Ruru } = await import(config.ruruModule);
createRoot(document.getElementById('ruru-root')).render(
  React.createElement(Ruru, { ...config.ruru, fetcher, storage: keyFreeStorage, defaultEditorToolsVisibility: 'headers' }),
);
