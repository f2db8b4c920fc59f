import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox, SecretUnreadable } from './secrets.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'secrets-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('secret box (AES-256-GCM)', () => {
  it('seals so the text is not in the stored value, and opens it again; each seal differs', () => {
    const box = createSecretBox({ secretsKey: 'ab'.repeat(32), dataDir: freshDir() });
    const a = box.seal('correct horse battery staple', 'mail.password');
    const b = box.seal('correct horse battery staple', 'mail.password');
    expect(a).toMatch(/^v1:/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('horse');
    expect(Buffer.from(a.slice(3), 'base64').toString('latin1')).not.toContain('horse');
    expect(box.open(a, 'mail.password')).toBe('correct horse battery staple');
  });

  it('refuses another key, another purpose and an altered value', () => {
    const dir = freshDir();
    const box = createSecretBox({ secretsKey: 'ab'.repeat(32), dataDir: dir });
    const sealed = box.seal('secret', 'mail.password');
    const other = createSecretBox({ secretsKey: Buffer.alloc(32, 7).toString('base64'), dataDir: dir });
    expect(() => other.open(sealed, 'mail.password')).toThrow(SecretUnreadable);
    expect(() => box.open(sealed, 'other.purpose')).toThrow(SecretUnreadable);
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => box.open(`v1:${bytes.toString('base64')}`, 'mail.password')).toThrow(SecretUnreadable);
    expect(() => box.open('plain text', 'mail.password')).toThrow(SecretUnreadable);
  });

  it('without SECRETS_KEY, makes a key in the data folder on first use only, readable by its owner only', () => {
    const dir = freshDir();
    const box = createSecretBox({ dataDir: dir });
    const file = path.join(dir, 'secrets.key');
    expect(() => statSync(file)).toThrow();
    const sealed = box.seal('secret', 'mail.password');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    // Another server (or a restart) on the same folder reads the same key.
    expect(createSecretBox({ dataDir: dir }).open(sealed, 'mail.password')).toBe('secret');
  });
});
