import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emptyFieldErrors } from '../common/errors';
import { parseIdOrNotFound } from '../common/ids';
import { success } from '../http/rest/envelope';
import { paginated } from '../http/rest/pagination';
import { listQuery, objectInput, pageQuery, throwIfWireErrors } from '../http/rest/request-input';
import type { RestDeps } from '../http/rest/rest-deps';
import { requestContext } from '../http/request-context';
import { UserFilter, UserRoleInput, UserUpsertInput } from './organisation-user.input';
import { roleBodyWire, toUserRecord, toUserUpsertRecord, userUpsertBodyWire } from './organisation-user.record';

const RESOURCE = 'User';
const LIST_PATH = '/v2/organisation-users';
const config = { wire: userUpsertBodyWire };

/** The upsert body with each `roles` element mapped to a role input. */
function upsertInput(request: FastifyRequest): UserUpsertInput {
  const errors = emptyFieldErrors();
  const input = objectInput(request.body, '', userUpsertBodyWire, UserUpsertInput, errors);
  if (input instanceof UserUpsertInput && Array.isArray(input.roles)) {
    input.roles = input.roles.map((role, index) => objectInput(role, `roles.${index}`, roleBodyWire, UserRoleInput, errors));
  }
  throwIfWireErrors(errors);
  return input;
}

/** v2 organisation users (spec §4.2): a thin translation onto OrganisationUserService. */
export function registerOrganisationUserRoutes(app: FastifyInstance, { services, publicUrl }: RestDeps): void {
  const users = services.organisationUsers;
  const filters = { search: { prop: 'search' }, role_type: { prop: 'roleType', integer: true }, active: { prop: 'active', integer: true } };

  app.get('/organisation-users', { config }, async (request) => {
    const ctx = requestContext(request);
    const { filter, page } = listQuery(request, UserFilter, filters);
    const slice = await users.list(ctx, filter, page);
    return success('Users retrieved successfully', { users: paginated(request, publicUrl, slice, (user) => toUserRecord(user, ctx)) });
  });

  app.get<{ Params: { id: string } }>('/organisation-users/:id', { config }, async (request) => {
    const ctx = requestContext(request);
    const user = await users.get(ctx, parseIdOrNotFound(request.params.id, RESOURCE));
    return success('User retrieved successfully', toUserRecord(user, ctx));
  });

  app.post('/organisation-users', { config }, async (request) => {
    const { user, created } = await users.upsert(requestContext(request), upsertInput(request));
    return success(created ? 'User created successfully' : 'User updated successfully', toUserUpsertRecord(user));
  });

  /** 200 with the remaining users (`?page`/`?per_page` choose the page), as the spec documents. */
  app.delete<{ Params: { id: string } }>('/organisation-users/:id', { config }, async (request) => {
    const ctx = requestContext(request);
    const page = pageQuery(request);
    const remaining = await users.deleteAndList(ctx, parseIdOrNotFound(request.params.id, RESOURCE), page);
    return success('User deleted successfully', { users: paginated(request, publicUrl, remaining, (user) => toUserRecord(user, ctx), LIST_PATH) });
  });
}
