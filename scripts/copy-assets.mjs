// `node scripts/copy-assets.mjs`: copies the files of src/ that tsc does not compile into dist/
// (build-state.mjs's copyAssets), for builds made by tsc alone: the bench scripts compile with
// tsconfig.bench.json, and the server they start needs the explorer's browser modules.
import { copyAssets } from './build-state.mjs';

await copyAssets();
