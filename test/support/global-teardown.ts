import { rm } from 'node:fs/promises';
import type { EmbeddedDatabase } from '../../src/db/embedded-postgres';

export default async function globalTeardown(): Promise<void> {
  const state = globalThis as { __cpaEmbedded?: EmbeddedDatabase; __cpaDataDir?: string };
  await state.__cpaEmbedded?.stop();
  if (state.__cpaDataDir) await rm(state.__cpaDataDir, { recursive: true, force: true });
}
