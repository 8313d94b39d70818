/**
 * Whether an If-None-Match header names this entity tag (weak comparison, RFC 9110 §13.1.2: a
 * `W/` prefix is ignored), so the answer can be a 304 without a body.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strong = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === strong;
  });
}

/** The client accepts this content coding (a plain token match: no client sends `br;q=0`). */
export function acceptsEncoding(acceptEncoding: string | undefined, coding: 'br' | 'gzip'): boolean {
  return acceptEncoding !== undefined && new RegExp(`(?:^|[\\s,])${coding}(?:$|[\\s,;])`, 'i').test(acceptEncoding);
}

/** A browser navigating here (its Accept names text/html), rather than a program. */
export function acceptsHtml(accept: string | undefined): boolean {
  return (accept ?? '').includes('text/html');
}
