import type { RequestContext } from '../common/request-context';

/*
 * The service layer and the per-request DataLoaders, as resolvers find them in their context.
 * Both are declared empty here and filled in by the composition root through declaration merging
 * (src/app/services.ts: `interface ContextServices extends Services {}`; src/app/loaders.ts:
 * `interface ContextLoaders extends Loaders {}`), as Fastify's plugins augment FastifyInstance.
 * So every resolver reads `ctx.services.campaigns` or `ctx.loaders.campaignById` fully typed,
 * while src/graphql and src/http, which only carry them, know no resource and no src/app.
 * Every tsconfig compiles all of src/, src/app included, so the augmentation is always there.
 */

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by src/app/services.ts (see above)
export interface ContextServices {}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by src/app/loaders.ts (see above)
export interface ContextLoaders {}

/** What every resolver receives: who is asking, the service layer, and this request's loaders. */
export interface GraphQLContext {
  request: RequestContext;
  services: ContextServices;
  loaders: ContextLoaders;
}

/** Makes a request's loaders (the application's: createLoaders, src/app/loaders.ts). */
export type LoaderFactory = (services: ContextServices, ctx: RequestContext) => ContextLoaders;
