import { defineList } from '../db/lists/define-list';
import { flag, oneOf, textSearch } from '../db/lists/filters';
import { ROLE_NAMES, ROLE_TYPES, RoleType } from './role-type';

const ROLE_TYPES_MESSAGE = `must be one of ${ROLE_TYPES.map((type) => `${type} (${ROLE_NAMES[type]})`).join(', ')}`;

/** The users list of both faces (GraphQL `users`, `GET /v2/organisation-users`). */
export const organisationUserList = defineList({
  name: 'User',
  records: 'users',
  filters: {
    search: textSearch({
      description: 'Case-insensitive match anywhere in the first name, last name, e-mail or full name ("first last"); at most 255 characters.',
      rest: 'search',
      restDescription: 'Case-insensitive match anywhere in the first name, last name, e-mail or full name.',
      matches: (alias, param) =>
        `${alias}.firstName ILIKE :${param} OR ${alias}.lastName ILIKE :${param} OR ${alias}.email ILIKE :${param} OR (${alias}.firstName || ' ' || ${alias}.lastName) ILIKE :${param}`,
    }),
    roleType: {
      ...oneOf({
        property: 'roleTypes',
        enum: RoleType,
        values: ROLE_TYPES,
        message: ROLE_TYPES_MESSAGE,
        description: 'Users holding this role.',
        rest: 'role_type',
        restDescription: 'Only users holding this role (1 Campaign Manager, 2 Content Editor).',
      }),
      // A user holds a set of roles.
      where: (alias, value, param) => ({ sql: `:${param} = ANY(${alias}.roleTypes)`, parameters: { [param]: value } }),
    },
    active: flag({ property: 'active', description: '1: users who may sign in; 0: switched-off users.', rest: 'active', restDescription: '1: active users; 0: switched-off users.' }),
  },
  sort: { LAST_NAME: { property: 'lastName', rest: 'last_name', kind: 'text', description: 'By `lastName`.' } },
});
