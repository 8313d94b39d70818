import type { V2Route } from '../v2-route';
import { v2OpenApiDocument } from './openapi-document';

/** openapi.json as checked in: the document, two-space indented, with a final newline. */
export function printOpenApiFile(routes: readonly V2Route[]): string {
  return `${JSON.stringify(v2OpenApiDocument(routes), null, 2)}\n`;
}
