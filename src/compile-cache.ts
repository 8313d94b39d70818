import { enableCompileCache } from 'node:module';

/**
 * Node's compile cache for the process: the bytecode of every module it loads is kept on disk
 * (in `os.tmpdir()/node-compile-cache`, or the directory NODE_COMPILE_CACHE names), so that a
 * start after the first compiles none of its 2,400 modules again. It took a start, from spawn to
 * the first 200 from /readyz, from about 1.1 s to 0.9 s (docs/benchmarks.md). The cache is keyed
 * by each file's content and the Node version, so a new build or Node never reads stale code;
 * where the directory cannot be written, Node goes on without it; NODE_DISABLE_COMPILE_CACHE=1
 * turns it off. Imported first by the entry points (main.ts, worker.ts), before what it speeds up.
 */
enableCompileCache();
