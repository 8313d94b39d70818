/*
 * The service layer as /v2 handlers find it. Declared empty here and filled in by the composition
 * root through declaration merging (src/app/services.ts: `interface RestServices extends Services {}`),
 * as Fastify's plugins augment FastifyInstance: every route module (in its resource's folder)
 * reads `deps.services.campaigns` fully typed, while src/http, which only carries it, knows no
 * resource and no src/app. Every tsconfig compiles all of src/, so the augmentation is always there.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by src/app/services.ts (see above)
export interface RestServices {}

/** What a v2 route module needs: the service layer and the base for absolute URLs. */
export interface RestDeps {
  services: RestServices;
  publicUrl: string | undefined;
}
