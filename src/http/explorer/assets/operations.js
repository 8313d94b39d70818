// Whether a run is a subscription, told from the text about to be sent rather than from the
// documentAST GraphiQL passes along: GraphiQL parses the editor 100 ms after the last keystroke,
// so a run right after typing would be judged on the previous document. A tokenizer of the
// document's top level is enough (no GraphQL parser needs loading into the page).

// Strings and comments, which may hold anything, even braces and keywords.
const NOT_CODE = /"""(?:\\"""|[\s\S])*?"""|"(?:[^"\\\n\r]|\\.)*"|#[^\n\r]*/g;
const TOKEN = /[{}()[\]]|[$@]?[_A-Za-z][_0-9A-Za-z]*/g;

/**
 * The operations of a document (its fragments left out), from its top-level tokens: a keyword and
 * a name before the selection set, or a bare selection set (a query).
 */
export function operationsOf(query) {
  const operations = [];
  let depth = 0;
  let header;
  for (const [token] of String(query).replace(NOT_CODE, ' ').matchAll(TOKEN)) {
    if (token === '{' || token === '(' || token === '[') {
      if (depth === 0 && token === '{') {
        operations.push(header ?? { kind: 'query' });
        header = undefined;
      }
      depth += 1;
    } else if (token === '}' || token === ')' || token === ']') {
      depth = Math.max(0, depth - 1);
    } else if (depth === 0) {
      if (!header) header = { kind: token };
      else if (header.name === undefined && !/^[$@]/.test(token)) header.name = token;
    }
  }
  return operations.filter((operation) => operation.kind !== 'fragment');
}

/** The operation GraphiQL runs (the one named, else the only one) is a subscription. */
export function isSubscription(params) {
  const operations = operationsOf(params.query);
  const chosen = params.operationName ? operations.find((operation) => operation.name === params.operationName) : operations.length === 1 ? operations[0] : undefined;
  return chosen?.kind === 'subscription';
}
