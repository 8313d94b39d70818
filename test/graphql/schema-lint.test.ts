import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The schema lint of `npm run lint` (eslint.config.mjs, @graphql-eslint) catches an undescribed
 * element. ESLint runs as a child process with the repository's own configuration, as
 * `npm run lint` runs it: its flat configuration is an ES module, which Jest's CommonJS registry
 * cannot load in-process.
 */

const ROOT = path.join(__dirname, '..', '..');
const ESLINT = path.join(path.dirname(require.resolve('eslint/package.json')), 'bin', 'eslint.js');

interface LintMessage {
  ruleId: string | null;
  message: string;
}

/** Lints `text` as the checked-in schema.graphql (same file name, so the same configuration). */
function lintAsSchema(text: string): LintMessage[] {
  const run = spawnSync(process.execPath, [ESLINT, '--stdin', '--stdin-filename', 'schema.graphql', '--format', 'json'], {
    cwd: ROOT,
    input: text,
    encoding: 'utf8',
  });
  // 0: clean, 1: problems found; anything else is ESLint failing to run.
  if (run.status !== 0 && run.status !== 1) throw new Error(`eslint exited ${String(run.status)}: ${run.stderr}`);
  const [result] = JSON.parse(run.stdout) as { messages: LintMessage[] }[];
  return result.messages;
}

/** Inserts `lines` right after the line that opens `header` (`type Campaign {`…). */
function insertAfter(schema: string, header: string, lines: string): string {
  const at = schema.indexOf(`\n${header}\n`);
  if (at < 0) throw new Error(`no "${header}" in schema.graphql`);
  const end = at + header.length + 2;
  return `${schema.slice(0, end)}${lines}\n${schema.slice(end)}`;
}

/** Drops the one-line block description right above the line `header`. */
function withoutDescription(schema: string, header: string): string {
  const lines = schema.split('\n');
  const at = lines.indexOf(header);
  if (at < 1 || !/^""".*"""$/.test(lines[at - 1])) throw new Error(`no one-line description above "${header}" in schema.graphql`);
  lines.splice(at - 1, 1);
  return lines.join('\n');
}

describe('the schema lint (eslint.config.mjs)', () => {
  it('passes the checked-in schema, and fails every kind of element added without a description', () => {
    let schema = readFileSync(path.join(ROOT, 'schema.graphql'), 'utf8');
    schema = insertAfter(schema, 'type Campaign implements Node {', '  undescribedField: String');
    schema = insertAfter(schema, 'input CampaignInput {', '  undescribedInputField: String');
    schema = insertAfter(schema, 'enum CampaignStatus {', '  UNDESCRIBED_VALUE');
    schema = insertAfter(schema, 'type Query {', '  """Described."""\n  undescribedArgument(id: ID!): Campaign');
    schema = insertAfter(schema, 'type Mutation {', '  undescribedRootField(input: CampaignInput!): CampaignPayload!');
    // An existing type loses its description: a new type would also be reported unreachable (that
    // rule reads the schema file on disk).
    schema = withoutDescription(schema, 'type PageInfo {');

    const messages = lintAsSchema(schema);

    // Only what was added is reported: the checked-in schema itself is clean under every rule.
    expect(messages.map(({ ruleId, message }) => `${ruleId}: ${message}`).sort()).toEqual(
      [
        'Description is required for field "undescribedField" in type "Campaign"',
        'Description is required for input value "undescribedInputField" in input "CampaignInput"',
        'Description is required for enum value "UNDESCRIBED_VALUE" in enum "CampaignStatus"',
        'Description is required for input value "id" in field "undescribedArgument"',
        'Description is required for field "undescribedRootField" in type "Mutation"',
        'Description is required for input value "input" in field "undescribedRootField"',
        'Description is required for type "PageInfo"',
      ]
        .map((message) => `@graphql-eslint/require-description: ${message}`)
        .sort(),
    );
  });
});
