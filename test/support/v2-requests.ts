import type { V2Route } from '../../src/http/rest/v2-route';
import type { AnyBody, ApiClient, ApiResponse } from './test-app';

/** The sweeps' request to a declared /v2 route: its method, the path given, an empty JSON body for writes. */
export function sendTo(client: ApiClient, route: V2Route, path: string, body: object = {}): Promise<ApiResponse<AnyBody>> {
  const url = `/v2${path}`;
  switch (route.method) {
    case 'GET':
      return client.get(url);
    case 'POST':
      return client.post(url, body);
    case 'PUT':
      return client.put(url, body);
    case 'DELETE':
      return client.delete(url);
  }
}

/** The path with each parameter replaced by `value(name)`. */
export function pathWith(route: V2Route, value: (name: string) => string): string {
  return route.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => value(name));
}
