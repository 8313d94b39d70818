import { API_KEY_PLACEHOLDER } from './ruru-page';
import { escapeHtml, NO_FAVICON, scriptLiteral } from './html';
import type { PagePath } from './paths';

/**
 * Apollo Sandbox at /graphql/sandbox, for those whose network reaches Apollo's CDN: the page Apollo
 * Server's default landing page plugin used to serve at /graphql, with the same settings (no
 * cookies, the endpoint fixed) and the `X-API-Key` placeholder. Without that CDN it shows where
 * the offline explorer is.
 */
const SANDBOX_SCRIPT = 'https://embeddable-sandbox.cdn.apollographql.com/_latest/embeddable-sandbox.umd.production.min.js';

export function sandboxPage(paths: Record<PagePath, string>): string {
  const options = {
    target: '#embeddableSandbox',
    initialState: { headers: { 'X-API-Key': API_KEY_PLACEHOLDER }, includeCookies: false },
    hideCookieToggle: false,
    endpointIsEditable: false,
    runTelemetry: false,
  };
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  ${NO_FAVICON}
  <title>Apollo Sandbox · Campaign partner API</title>
  <style>
    body { margin: 0; font: 16px/1.5 system-ui, sans-serif; }
    .fallback { padding: 3rem 1.5rem; max-width: 40rem; margin: 0 auto; }
    #embeddableSandbox { position: absolute; inset: 0; }
    #embeddableSandbox iframe { width: 100%; height: 100%; border: none; background: white; }
  </style>
</head>
<body>
  <div class="fallback" hidden>
    <h1>Apollo Sandbox</h1>
    <p>Apollo Sandbox loads from Apollo’s CDN, which cannot be reached from here.
      The <a href="${escapeHtml(paths.explorer)}">GraphQL explorer</a> is served by this server and works offline.</p>
  </div>
  <div id="embeddableSandbox"></div>
  <script src="${SANDBOX_SCRIPT}"></script>
  <script>
    if (window.EmbeddedSandbox) {
      new window.EmbeddedSandbox({ ...${scriptLiteral(options)}, initialEndpoint: window.location.origin + ${scriptLiteral(paths.explorer)} });
    } else {
      document.getElementById("embeddableSandbox").remove();
      document.querySelector(".fallback").hidden = false;
    }
  </script>
</body>
</html>
`;
}
