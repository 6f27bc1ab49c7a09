/**
 * The generated files of the client: the OpenAPI document of the declared routes, and the
 * TypeScript types openapi-typescript derives from it (./render-types.ts).
 */
import type { OpenApiDocument } from '../../src/http/api-description';

export const GENERATED_FILES = { document: 'openapi.json', types: 'openapi.d.ts' } as const;

export function renderDocument(document: OpenApiDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
