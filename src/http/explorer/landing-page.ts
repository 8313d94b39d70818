import { escapeHtml, NO_FAVICON } from './html';
import type { PagePath } from './paths';

/**
 * GET /: what this server offers and where, for a person (HTML) or a program (JSON). The page is
 * self-contained: inline style, no script, nothing fetched.
 */

export const SERVICE_NAME = 'Campaign partner API';

/** Nothing may load, not even from this server: the page has no script, image or font. */
export const LANDING_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

interface Entry {
  title: string;
  path: PagePath;
  description: string;
}

const ENTRIES: readonly Entry[] = [
  {
    title: 'GraphQL explorer',
    path: 'explorer',
    description: 'Write and run GraphQL operations, with the schema’s documentation beside them. Served from this server: it works without internet access.',
  },
  { title: 'REST /v2 reference', path: 'docs', description: 'Every /v2 route, its parameters, bodies and answers.' },
  { title: 'OpenAPI document', path: 'openapi', description: 'The /v2 contract as OpenAPI, for code generators and API clients.' },
  { title: 'GraphQL schema', path: 'sdl', description: 'The schema this server runs, in SDL.' },
  { title: 'Apollo Sandbox', path: 'sandbox', description: 'Apollo’s GraphQL IDE. It loads from Apollo’s CDN, so it needs internet access.' },
];

/** Apollo Sandbox runs a script from Apollo's CDN on this origin: it is offered outside production only. */
function entriesFor(withSandbox: boolean): readonly Entry[] {
  return withSandbox ? ENTRIES : ENTRIES.filter((entry) => entry.path !== 'sandbox');
}

export function landingLinks(paths: Record<PagePath, string>, withSandbox: boolean): Record<string, string> {
  const links: Record<string, string> = {
    graphql: paths.explorer,
    rest: paths.rest,
    explorer: paths.explorer,
    docs: paths.docs,
    openapi: paths.openapi,
    schema: paths.sdl,
  };
  if (withSandbox) links.sandbox = paths.sandbox;
  return links;
}

export function landingJson(paths: Record<PagePath, string>, withSandbox: boolean): string {
  return JSON.stringify({ name: SERVICE_NAME, authentication: 'X-API-Key: <workspace API key>, or Authorization: Bearer <workspace API key>', links: landingLinks(paths, withSandbox) });
}

const STYLE = `
  :root { color-scheme: light dark; --muted: #5b6470; --line: #d8dde3; --accent: #0b63c5; }
  @media (prefers-color-scheme: dark) { :root { --muted: #a3acb7; --line: #39414b; --accent: #6cb2ff; } }
  body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; padding: 3rem 1.5rem; }
  main { max-width: 44rem; margin: 0 auto; }
  h1 { font-size: 1.8rem; margin: 0 0 .25rem; }
  p.lead { color: var(--muted); margin: 0 0 2rem; }
  ul { list-style: none; padding: 0; margin: 0 0 2rem; border-top: 1px solid var(--line); }
  li { padding: .9rem 0; border-bottom: 1px solid var(--line); }
  a { color: var(--accent); font-weight: 600; text-decoration: none; }
  a:hover { text-decoration: underline; }
  code { font: .9em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
  li code { color: var(--muted); margin-left: .5rem; }
  li p { margin: .2rem 0 0; color: var(--muted); }
`;

export function landingHtml(paths: Record<PagePath, string>, withSandbox: boolean): string {
  const items = entriesFor(withSandbox).map(
    (entry) =>
      `<li><a href="${escapeHtml(paths[entry.path])}">${escapeHtml(entry.title)}</a><code>${escapeHtml(paths[entry.path])}</code><p>${escapeHtml(entry.description)}</p></li>`,
  ).join('\n      ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  ${NO_FAVICON}
  <title>${SERVICE_NAME}</title>
  <style>${STYLE}</style>
</head>
<body>
  <main>
    <h1>${SERVICE_NAME}</h1>
    <p class="lead">GraphQL at <code>${escapeHtml(paths.explorer)}</code> and REST at <code>${escapeHtml(paths.rest)}</code>, over the same workspace data.
      Every call needs the workspace API key: <code>X-API-Key: &lt;key&gt;</code> (or <code>Authorization: Bearer &lt;key&gt;</code>).</p>
    <ul>
      ${items}
    </ul>
  </main>
</body>
</html>
`;
}
