// What Ruru's own page runs inline before Ruru renders (the headerScripts and bodyScripts of
// ruru/server's ruruHTML, ruru 2.0.2), here instead so that the page's CSP allows no inline
// script. explorer.test.ts fails when an upgrade of ruru changes those scripts: compare them with
// these functions, then update both.

/** Monaco's editors run their language services in web workers, which Monaco asks the page for. */
export function provideEditorWorkers(staticPath) {
  const worker = (file) => new Worker(new URL(staticPath + file, import.meta.url), { type: 'module' });
  globalThis.MonacoEnvironment = {
    getWorker(_, label) {
      switch (label) {
        case 'json':
          return worker('jsonWorker.js');
        case 'graphql':
          return worker('graphqlWorker.js');
        default:
          return worker('editorWorker.js');
      }
    },
  };
}

/**
 * The placeholder markup ruruHTML renders, laid out as the last visit left GraphiQL (panes shown,
 * their sizes, the theme), so that nothing jumps when Ruru replaces it.
 */
export function restoreLayout() {
  const $ = (selector) => document.querySelector(selector);
  if (!localStorage.getItem('graphiql:visiblePlugin')) {
    $('.graphiql-plugin').style.display = 'none';
    $('.graphiql-horizontal-drag-bar').style.display = 'none';
  }
  if (localStorage.getItem('Ruru:condensed') !== '') {
    $('.graphiql-container').className += ' condensed';
  }
  const systemTheme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  const theme = localStorage.getItem('graphiql:theme') || systemTheme;
  document.body.className += ' graphiql-' + theme;
  const flexes = [
    ['docExplorerFlex', '.graphiql-plugin'],
    ['editorFlex', '.graphiql-editors'],
  ];
  for (const [key, selector] of flexes) {
    const value = localStorage.getItem('graphiql:' + key);
    if (value) $(selector).style.flex = value + ' 1 0%';
  }
}
