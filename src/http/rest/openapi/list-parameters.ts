import type { OpenAPIV3_1 } from 'openapi-types';
import type { ListDeclaration } from '../../../db/lists/list-declaration';

type Parameter = OpenAPIV3_1.ParameterObject;

/** The query parameters of a declared list (src/db/lists/): its filters by their v2 names, and `sort`. */
export function listParameters(list: ListDeclaration): Parameter[] {
  // openapi-types types a parameter's schema as OpenAPI 3.0's; in 3.1 it is the same JSON Schema as everywhere else.
  const parameters: Parameter[] = Object.values(list.filters).flatMap((filter) =>
    filter.rest ? [{ name: filter.rest.name, in: 'query', description: filter.rest.description, schema: filter.rest.schema as Parameter['schema'] }] : [],
  );
  if (list.sortable) {
    const names = Object.values(list.sortFields).map((field) => field.rest);
    const field = `-?(?:${names.join('|')})`;
    parameters.push({
      name: 'sort',
      in: 'query',
      description: `Sort order: fields of ${names.map((name) => `\`${name}\``).join(', ')}, comma-separated, each ascending or, after \`-\`, descending (\`sort=-updated_at,id\`); \`id\` is the final tie-break, in the direction of the last field. Default: \`id\`.`,
      schema: { type: 'string', pattern: `^${field}(?:,${field})*$` } as Parameter['schema'],
    });
  }
  return parameters;
}
