const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value inside HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character]);
}

/** A value as a JavaScript literal inside a <script> element: no `</script>` or `<!--` can end it early. */
export function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** An empty icon, so a browser does not ask for /favicon.ico (which does not exist). */
export const NO_FAVICON = '<link rel="icon" href="data:," />';

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';
