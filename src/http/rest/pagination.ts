import type { FastifyRequest } from 'fastify';
import type { PageSlice } from '../../db/lists/list-engine';

/** The seven keys of the v2 pagination envelope (spec §2.1), no more. */
export interface PaginatedEnvelope<R> {
  current_page: number;
  data: R[];
  from: number | null;
  next_page_url: string | null;
  per_page: number;
  prev_page_url: string | null;
  to: number | null;
}

/** PUBLIC_URL may carry a path prefix (a proxy's mount point): it is prepended, not resolved against. */
function pageUrl(request: FastifyRequest, publicUrl: string | undefined, page: number, listPath: string | undefined): string {
  const url = new URL(`${publicUrl ?? `${request.protocol}://${request.host}`}${request.url}`);
  if (listPath) url.pathname = `${url.pathname.slice(0, url.pathname.length - request.url.split('?')[0].length)}${listPath}`;
  url.searchParams.set('page', String(page));
  return url.toString();
}

/**
 * Absolute links keep every other query parameter; from/to are 1-based and null on an empty page.
 * `listPath` points the links at the list route when the page answers another operation (a delete).
 */
export function paginated<T, R>(
  request: FastifyRequest,
  publicUrl: string | undefined,
  slice: PageSlice<T>,
  toRecord: (item: T) => R,
  listPath?: string,
): PaginatedEnvelope<R> {
  const offset = (slice.page - 1) * slice.perPage;
  const empty = slice.items.length === 0;
  return {
    current_page: slice.page,
    data: slice.items.map(toRecord),
    from: empty ? null : offset + 1,
    next_page_url: slice.hasNextPage ? pageUrl(request, publicUrl, slice.page + 1, listPath) : null,
    per_page: slice.perPage,
    prev_page_url: slice.page > 1 ? pageUrl(request, publicUrl, slice.page - 1, listPath) : null,
    to: empty ? null : offset + slice.items.length,
  };
}
