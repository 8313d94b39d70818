// The storage GraphiQL is given instead of localStorage: it keeps tabs, history and settings like
// localStorage does, but no key. GraphiQL stores each tab and history entry with its headers
// (whatever "persist headers" says), so every `headers` value is dropped and anything shaped like
// a key (`cpk_…`) is masked before it is written.

const KEY_LIKE = /cpk_[A-Za-z0-9_-]+/g;
const MASKED = 'cpk_…';

/** GraphiQL's own entries: clear() and length must not touch or count another page's. */
const OWN = 'graphiql:';

function scrubbed(value) {
  if (Array.isArray(value)) return value.map(scrubbed);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([name]) => name !== 'headers').map(([name, inner]) => [name, scrubbed(inner)]));
  }
  return typeof value === 'string' ? value.replace(KEY_LIKE, MASKED) : value;
}

export const keyFreeStorage = {
  getItem: (name) => localStorage.getItem(name),
  setItem(name, value) {
    let kept;
    try {
      kept = JSON.stringify(scrubbed(JSON.parse(value)));
    } catch {
      // Not JSON (a plain setting): masked as text.
      kept = String(value).replace(KEY_LIKE, MASKED);
    }
    localStorage.setItem(name, kept);
  },
  removeItem: (name) => localStorage.removeItem(name),
  clear() {
    for (const name of Object.keys(localStorage)) if (name.startsWith(OWN)) localStorage.removeItem(name);
  },
  get length() {
    return Object.keys(localStorage).filter((name) => name.startsWith(OWN)).length;
  },
};
