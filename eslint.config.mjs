import js from '@eslint/js';
import graphql from '@graphql-eslint/eslint-plugin';
import tseslint from 'typescript-eslint';

/** The JavaScript and TypeScript rules: scoped to code, so they never run on schema.graphql's GraphQL AST. */
const CODE_FILES = ['**/*.{js,mjs,cjs,ts,mts,cts}'];

/**
 * The checked-in schema (what partners read in the explorer's Docs pane). `require-description`
 * fails the lint for a type, field, input field, argument or enum value without a description.
 * The rest of the plugin's recommended schema rules are kept, except where the schema cannot
 * satisfy them without a rename, which would break clients: `no-typename-prefix` (`campaignTitle`,
 * `contentName`… repeat their type's name, as the v2 fields they mirror do) and the `Type` suffix
 * of `EventType`.
 */
const SCHEMA_RULES = {
  ...graphql.configs['flat/schema-recommended'].rules,
  '@graphql-eslint/require-description': [
    'error',
    {
      types: true,
      rootField: true,
      // Every field, root fields included: `rootField` alone (4.4.1) matches none once the schema
      // has both Query and Mutation, as its selector joins the root type names with a comma.
      FieldDefinition: true,
      // Input fields and arguments alike.
      InputValueDefinition: true,
      EnumValueDefinition: true,
      DirectiveDefinition: true,
    },
  ],
  '@graphql-eslint/no-typename-prefix': 'off',
  '@graphql-eslint/naming-convention': [
    'error',
    {
      ...graphql.configs['flat/schema-recommended'].rules['@graphql-eslint/naming-convention'][1],
      'ObjectTypeDefinition,ObjectTypeExtension': { forbiddenPrefixes: ['Type'], forbiddenSuffixes: ['Type'], ignorePattern: '^EventType$' },
    },
  ],
  // Every record type has `id: ID!`; these types are pages (and their aggregates), mutation answers or values inside a record.
  '@graphql-eslint/strict-id-in-types': [
    'error',
    {
      exceptions: {
        suffixes: ['Connection', 'Edge', 'Payload', 'Aggregates', 'AggregateGroup'],
        types: ['PageInfo', 'UserError', 'UserRole', 'EventType', 'ReferenceLibrary', 'ReferenceLibraryEntry', 'WebhookDeliveryAttempt'],
      },
    },
  ],
};

export default tseslint.config(
  // test/relay/__generated__: relay-compiler's output, made by the Relay test on each run.
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.data/**', 'test/relay/__generated__/**'] },
  { files: CODE_FILES, extends: [js.configs.recommended, ...tseslint.configs.recommended] },
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/explicit-module-boundary-types': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' } },
  },
  {
    // The explorer page's own script (src/http/explorer/assets/): ES modules a browser runs as they
    // are, never compiled nor run by Node. The browser's globals they use, and none of Node's.
    files: ['src/http/explorer/assets/**/*.js'],
    languageOptions: {
      sourceType: 'module',
      globals: {
        module: 'off',
        require: 'off',
        __dirname: 'off',
        addEventListener: 'readonly',
        document: 'readonly',
        fetch: 'readonly',
        localStorage: 'readonly',
        location: 'readonly',
        matchMedia: 'readonly',
        URL: 'readonly',
        Worker: 'readonly',
      },
    },
    // typescript-eslint turns no-undef off (TypeScript checks names); nothing checks these files' names but this.
    rules: { 'no-undef': 'error' },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/explicit-module-boundary-types': 'off' },
  },
  {
    files: ['schema.graphql'],
    languageOptions: { parser: graphql.parser, parserOptions: { graphQLConfig: { schema: 'schema.graphql' } } },
    plugins: { '@graphql-eslint': graphql },
    rules: SCHEMA_RULES,
  },
);
