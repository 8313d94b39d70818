import type { Services } from '../../app/services';

/** What a v2 route module needs: the service layer and the base for absolute URLs. */
export interface RestDeps {
  services: Services;
  publicUrl: string | undefined;
}
