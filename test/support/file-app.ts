import { startTestApp, type TestApp, type Workspace } from './test-app';

export interface FileApp {
  app: TestApp;
  ws: Workspace;
  /** A second workspace, for what one workspace must not see of another's; made only when `other` names it. */
  other: Workspace;
  /** Something the file started over the app (a second server, say), closed before the app and its database go. */
  closeFirst(close: () => Promise<unknown>): void;
}

export interface FileAppOptions {
  /** How the app starts (settings of its own, a metrics listener). */
  start?: () => Promise<TestApp>;
  /** The workspace's name; `null` for none (the file's blocks make their own, see `workspacesForBlock`). */
  ws?: string | null;
  /** The second workspace's name (`true`: a default one). */
  other?: string | true;
  /** What each workspace is used through (a watch over its responses, say). */
  through?: (workspace: Workspace) => Workspace;
}

/**
 * The test file's app and its workspaces: started before the file's tests, closed after them.
 * The handles are returned at once and filled in by `beforeAll` (all are plain objects of fields
 * and closures), so a file names them once: `const { app, ws } = appForFile();`.
 */
export function appForFile(options: FileAppOptions = {}): FileApp {
  const { start = () => startTestApp(), through = (workspace: Workspace) => workspace } = options;
  const app = {} as TestApp;
  const ws = {} as Workspace;
  const other = {} as Workspace;
  const closers: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    Object.assign(app, await start());
    if (options.ws !== null) Object.assign(ws, through(await app.workspace(options.ws)));
    if (options.other !== undefined) Object.assign(other, through(await app.workspace(options.other === true ? undefined : options.other)));
  });
  afterAll(async () => {
    try {
      for (const close of closers.reverse()) await close();
    } finally {
      await app.close();
    }
  });
  return { app, ws, other, closeFirst: (close) => closers.push(close) };
}

export interface BlockWorkspaces {
  ws: Workspace;
  /** Made only when asked for (`{ other: true }`). */
  other: Workspace;
}

/**
 * Workspaces of one describe block's own, made in its `beforeAll`, so that what the block creates
 * and counts is its alone: `const { ws, other } = workspacesForBlock(app, { other: true });`.
 */
export function workspacesForBlock(app: TestApp, options: { other?: boolean } = {}): BlockWorkspaces {
  const ws = {} as Workspace;
  const other = {} as Workspace;
  beforeAll(async () => {
    Object.assign(ws, await app.workspace());
    if (options.other) Object.assign(other, await app.workspace());
  });
  return { ws, other };
}
