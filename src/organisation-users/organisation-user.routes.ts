import type { FastifyRequest } from 'fastify';
import { emptyFieldErrors } from '../common/errors';
import { inputSchema } from '../http/rest/openapi/input-schema';
import { recordSchema } from '../http/rest/openapi/record-schema';
import { keyed, pageOf } from '../http/rest/openapi/response-schemas';
import { paginated } from '../http/rest/pagination';
import { listQuery, pageOnly } from '../http/rest/list-query';
import { objectInput, pathParam, throwIfWireErrors } from '../http/rest/request-input';
import { type ListQueryDeclaration, Outcome, type V2Route } from '../http/rest/v2-route';
import { requestContext } from '../http/request-context';
import { OrganisationUser } from './organisation-user.entity';
import { UserRoleInput, UserUpsertInput } from './organisation-user.input';
import { organisationUserList } from './organisation-user.list';
import { roleBodyWire, toUserRecord, toUserUpsertRecord, userUpsertBodyWire, userUpsertRecordWire, userWire } from './organisation-user.record';
import { REQUIRED_ON_UPSERT } from './organisation-user.service';

const TAG = 'Organisation users';
const LIST_PATH = '/v2/organisation-users';
const config = { wire: userUpsertBodyWire };
const record = recordSchema('OrganisationUser', userWire, OrganisationUser);
const users = keyed('users', pageOf(record));
/** What the upsert answers: §2.3's shorter record, spelled as the body is. */
const upserted = recordSchema('OrganisationUserUpsert', userUpsertRecordWire, OrganisationUser);
const id = { id: 'A user of this workspace.' };

/** The upsert body, requiring what the service requires whether it creates or updates; its `roles` elements have their own wire shape. */
const body = inputSchema('OrganisationUserInput', userUpsertBodyWire, UserUpsertInput, {
  required: REQUIRED_ON_UPSERT,
  nested: { roles: inputSchema('OrganisationUserRoleInput', roleBodyWire, UserRoleInput) },
});

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

const LIST_QUERY = { paged: true, list: organisationUserList } satisfies ListQueryDeclaration;

/** v2 organisation users (spec §4.2): a thin translation onto OrganisationUserService. */
// `satisfies` rather than an annotation: the handlers are then typed in eslint's eyes too (explicit-module-boundary-types).
export const organisationUserRoutes = [
  {
    method: 'GET',
    path: '/organisation-users',
    operationId: 'listOrganisationUsers',
    summary: 'List organisation users',
    tag: TAG,
    scope: 'users:read',
    query: LIST_QUERY,
    success: { message: 'Users retrieved successfully', data: users },
    config,
    async handle(request, { services, publicUrl }) {
      const ctx = requestContext(request);
      const slice = await services.organisationUsers.list(ctx, listQuery(request, organisationUserList));
      return { users: paginated(request, publicUrl, slice, (user) => toUserRecord(user, ctx)) };
    },
  },
  {
    method: 'GET',
    path: '/organisation-users/:id',
    operationId: 'getOrganisationUser',
    summary: 'Get an organisation user',
    tag: TAG,
    scope: 'users:read',
    params: id,
    success: { message: 'User retrieved successfully', data: record },
    config,
    async handle(request, { services }) {
      const ctx = requestContext(request);
      return toUserRecord(await services.organisationUsers.get(ctx, pathParam(request, 'id')), ctx);
    },
  },
  {
    method: 'POST',
    path: '/organisation-users',
    operationId: 'upsertOrganisationUser',
    summary: 'Create or update an organisation user',
    description:
      'Without `user_id` (or with null) creates a user; with it updates that user. `user_email`, `user_first_name`, `user_last_name` and `roles` are required either way; `roles` replaces the current roles. On update `custom_fields` merges: keys given are added or replaced, a key set to null is removed. The e-mail address is unique among the workspace\'s users, whatever its case. The message says which happened.',
    tag: TAG,
    scope: 'users:write',
    body,
    // A `user_id` that names no live user of the workspace answers 404.
    bodyNamesRecord: true,
    success: { message: ['User created successfully', 'User updated successfully'], data: upserted },
    config,
    async handle(request, { services }) {
      const { user, created } = await services.organisationUsers.upsert(requestContext(request), upsertInput(request));
      return new Outcome(created ? 'User created successfully' : 'User updated successfully', toUserUpsertRecord(user));
    },
  },
  {
    method: 'DELETE',
    path: '/organisation-users/:id',
    operationId: 'deleteOrganisationUser',
    summary: 'Delete an organisation user',
    description:
      'Soft delete. Answers with the users that remain, paginated as the specification documents: `page` and `per_page` choose the page (checked before anything is deleted), and the page links point at the list.',
    tag: TAG,
    scope: 'users:write',
    params: id,
    query: { paged: true },
    success: { message: 'User deleted successfully', data: users },
    config,
    async handle(request, { services, publicUrl }) {
      const ctx = requestContext(request);
      const page = pageOnly(request, organisationUserList);
      const remaining = await services.organisationUsers.deleteAndList(ctx, pathParam(request, 'id'), page);
      return { users: paginated(request, publicUrl, remaining, (user) => toUserRecord(user, ctx), LIST_PATH) };
    },
  },
] satisfies V2Route[];
