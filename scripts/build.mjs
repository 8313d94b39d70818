// `npm run build`: compiles src/ and ormconfig.ts into dist/ and stamps the build with the
// fingerprint of its sources, which scripts/run-built.mjs compares before running anything.
import process from 'node:process';
import { build, canBuild } from './build-state.mjs';

if (!canBuild()) {
  process.stderr.write('TypeScript is not installed (a production install?): build in a full install (npm ci), then npm ci --omit=dev.\n');
  process.exit(1);
}
process.exitCode = await build();
