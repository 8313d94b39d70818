import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SCOPE_GROUP_DESCRIPTIONS } from '../../src/common/scopes';

/** The table of scope groups the README, rest-v2.md and graphql.md give, as src/common/scopes.ts declares them. */
const ROWS = Object.entries(SCOPE_GROUP_DESCRIPTIONS).map(([group, covers]) => `| \`${group}\` | ${covers} |`);

it.each(['README.md', 'docs/rest-v2.md', 'docs/graphql.md'])('%s lists every scope group with what it covers', (file) => {
  const text = readFileSync(path.join(__dirname, '..', '..', file), 'utf8');
  const table = `| Group | Covers |\n|---|---|\n${ROWS.join('\n')}\n`;
  expect(text.replace(/^ {2}/gm, '')).toContain(table);
});
