import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { registerExplorerAssets } from './explorer-assets';
import { registerGraphqlWsAssets } from './graphql-ws-assets';
import { HTML_CONTENT_TYPE } from './html';
import { LANDING_CSP, landingHtml, landingJson } from './landing-page';
import { acceptsHtml } from './negotiation';
import { PAGE_PATHS, publicPaths } from './paths';
import { registerRuruAssets } from './ruru-assets';
import { EXPLORER_CSP, ruruPage } from './ruru-page';
import { sandboxPage } from './sandbox-page';
import { introspectionDocument, sdlDocument } from './schema-documents';
import { sendDocument, staticDocument, type StaticDocument } from './static-document';

/**
 * The browser-facing side of the server, none of it behind an API key: the landing page (/), the
 * GraphQL explorer (Ruru, for a browser opening /graphql, with its assets, the page's own script
 * and graphql-ws's browser client for subscriptions) and the schema (/schema.graphql). They are
 * served in production too: they load nothing from elsewhere, show nothing that introspection with
 * a key does not, and every operation they send needs a key.
 * Apollo Sandbox (/graphql/sandbox) is served outside production only: it runs a script from
 * Apollo's CDN on this origin, where the other pages may keep a key in the browser's storage.
 */

export interface ExplorerOptions {
  schema: GraphQLSchema;
  /** PUBLIC_URL: its path is put in front of every link and asset URL of the pages. */
  publicUrl: string | undefined;
  /** Whether /graphql/sandbox is served (outside production). */
  withSandbox: boolean;
}

/** The explorer page, for the /graphql route to send to a browser (src/http/graphql-route.ts). */
export interface ExplorerPage {
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * A document made on its first request and kept: most servers (every test's, a worker-only node)
 * never serve these pages, so start-up does not pay for the introspection result and compression.
 * A failure is not kept: the next request tries again.
 */
function onFirstRequest(make: () => Promise<StaticDocument>): () => Promise<StaticDocument> {
  let made: Promise<StaticDocument> | undefined;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}

export function registerExplorer(app: FastifyInstance, { schema, publicUrl, withSandbox }: ExplorerOptions): ExplorerPage {
  const paths = publicPaths(publicUrl);
  // /graphql and / answer JSON to programs: a cache must keep the two apart.
  const negotiated = { vary: 'accept, accept-encoding' };
  const explorer = onFirstRequest(() => staticDocument(ruruPage(paths), HTML_CONTENT_TYPE, { ...negotiated, 'content-security-policy': EXPLORER_CSP }));
  const landingPage = onFirstRequest(() => staticDocument(landingHtml(paths, withSandbox), HTML_CONTENT_TYPE, { ...negotiated, 'content-security-policy': LANDING_CSP }));
  const landingData = onFirstRequest(() => staticDocument(landingJson(paths, withSandbox), 'application/json; charset=utf-8', negotiated));
  const sandbox = onFirstRequest(() => staticDocument(sandboxPage(paths), HTML_CONTENT_TYPE, { 'referrer-policy': 'no-referrer' }));
  const sdl = onFirstRequest(() => sdlDocument(schema));
  const introspection = onFirstRequest(() => introspectionDocument(schema));

  app.get(PAGE_PATHS.landing, async (request, reply) => sendDocument(request, reply, await (acceptsHtml(request.headers.accept) ? landingPage() : landingData())));
  if (withSandbox) app.get(PAGE_PATHS.sandbox, async (request, reply) => sendDocument(request, reply, await sandbox()));
  app.get(PAGE_PATHS.sdl, async (request, reply) => sendDocument(request, reply, await sdl()));
  app.get(PAGE_PATHS.introspection, async (request, reply) => sendDocument(request, reply, await introspection()));
  registerRuruAssets(app);
  registerGraphqlWsAssets(app);
  registerExplorerAssets(app);
  return { send: async (request, reply) => sendDocument(request, reply, await explorer()) };
}
