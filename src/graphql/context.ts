import type { RequestContext } from '../common/request-context';
import type { Services } from '../app/services';
import type { Loaders } from '../app/loaders';

/** What every resolver receives: who is asking, the service layer, and this request's loaders. */
export interface GraphQLContext {
  request: RequestContext;
  services: Services;
  loaders: Loaders;
}
