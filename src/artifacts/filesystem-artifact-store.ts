/**
 * Artifacts as files under DATA_DIR/artifacts. A write goes to a temporary file that is renamed
 * into place, so a crash mid-write leaves no half file under the real name.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type ArtifactStore } from './artifact-store';

export function createFilesystemArtifactStore(root: string): ArtifactStore {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    location: root,
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.partial`;
      try {
        await fs.writeFile(temporary, body);
        await fs.rename(temporary, file);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async deletePrefix(prefix) {
      // Prefixes are whole directories here (artifactKeys.jobPrefix ends in '/').
      if (!prefix.endsWith('/')) throw new Error('a filesystem artifact prefix must be a directory');
      await fs.rm(fileOf(prefix.slice(0, -1)), { recursive: true, force: true });
    },
    async close() {},
  };
}
