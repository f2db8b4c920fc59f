import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets the product keeps in its database for others (the SMTP password) are sealed with AES-256-GCM under a
 * key that is not in the database: SECRETS_KEY, or else a key generated once into the data folder
 * (`DATA_DIR/secrets.key`, readable by its owner only), so a copy of the database alone does not give them away.
 * A sealed value is `v1:` + base64(iv 12 bytes | tag 16 bytes | ciphertext); `purpose` is bound to it as
 * additional data, so a value sealed for one setting cannot be passed off as another.
 */
export interface SecretBox {
  seal(plain: string, purpose: string): string;
  /** The plain text; throws `SecretUnreadable` when the key is another (SECRETS_KEY changed) or the value was altered. */
  open(sealed: string, purpose: string): string;
}

export class SecretUnreadable extends Error {
  constructor() {
    super('A stored secret cannot be read with this server’s key (SECRETS_KEY or DATA_DIR/secrets.key changed).');
    this.name = 'SecretUnreadable';
  }
}

const PREFIX = 'v1:';

/** 32 bytes from 64 hex digits or base64 (config.ts has checked the form). */
export function parseSecretsKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes: 64 hex digits or 44 base64 characters.');
  return key;
}

/** The data folder's key, made on first use. Two servers racing: the file is written exclusively, the loser reads it. */
function dataFolderKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secrets.key');
  try {
    return parseSecretsKey(readFileSync(file, 'utf8').trim());
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return parseSecretsKey(readFileSync(file, 'utf8').trim());
}

/**
 * The server's secret box. The key is read (or made) on first use only, so a server that keeps no secret never
 * writes the file.
 */
export function createSecretBox(options: { secretsKey?: string; dataDir: string }): SecretBox {
  let key: Buffer | undefined;
  const theKey = () => {
    key ??= options.secretsKey ? parseSecretsKey(options.secretsKey) : dataFolderKey(options.dataDir);
    return key;
  };
  return {
    seal(plain, purpose) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', theKey(), iv);
      cipher.setAAD(Buffer.from(purpose, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
    },
    open(sealed, purpose) {
      if (!sealed.startsWith(PREFIX)) throw new SecretUnreadable();
      const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64');
      if (bytes.length < 28) throw new SecretUnreadable();
      try {
        const decipher = createDecipheriv('aes-256-gcm', theKey(), bytes.subarray(0, 12));
        decipher.setAAD(Buffer.from(purpose, 'utf8'));
        decipher.setAuthTag(bytes.subarray(12, 28));
        return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretUnreadable();
      }
    },
  };
}

const boxes = new Map<string, SecretBox>();
/** One box per key source (the server's configuration), shared by whoever seals or opens its secrets. */
export function secretBoxFor(config: { secretsKey?: string; dataDir: string }): SecretBox {
  const id = config.secretsKey ? `key:${config.secretsKey}` : `dir:${config.dataDir}`;
  let box = boxes.get(id);
  if (!box) {
    box = createSecretBox(config);
    boxes.set(id, box);
  }
  return box;
}
