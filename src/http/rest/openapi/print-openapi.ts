import { v2OpenApiDocument } from './register-openapi';

/** openapi.json as checked in: the document, two-space indented, with a final newline. */
export function printOpenApiFile(): string {
  return `${JSON.stringify(v2OpenApiDocument(), null, 2)}\n`;
}
