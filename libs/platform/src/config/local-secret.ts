import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A secret for development runs: generated once (256 random bits), kept in `dataDir/<name>` with
 * mode 0600, and read back on later runs so tokens and ciphertexts stay valid across restarts.
 */
export async function localSecret(dataDir: string, name: string): Promise<string> {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
