import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The two secrets every DevCircle process shares. */
export interface Secrets {
  /** Signs and verifies members' tokens (HS256). */
  jwtSecret: string;
  /** Signs the identity the gateway forwards and guards the internal routes. */
  internalSecret: string;
}

/** An HMAC-SHA256 key shorter than its hash can be guessed more cheaply than the hash can be broken. */
export const SECRET_MIN_BYTES = 32;

/**
 * Secrets that are public — once shipped as this project's development defaults, or what tutorials put in
 * `.env` files — and so protect nothing, whatever their length.
 */
const KNOWN_SECRETS = new Set([
  'devcircle-development-jwt-secret-change-me',
  'devcircle-development-internal-secret-change-me',
  'secret',
  'changeme',
  'change-me',
  'your-secret-key',
  'your_jwt_secret',
  'jwt_secret',
  'supersecret',
]);

/** The file in the data directory where the one-machine start keeps the secrets it generated. */
export const SECRETS_FILE = 'secrets.json';

/** Why a configured secret may not be used in production, or undefined when it may. */
export function weakSecret(value: string): string | undefined {
  if (KNOWN_SECRETS.has(value.trim().toLowerCase())) return 'is a published default';
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes < SECRET_MIN_BYTES) return `is ${bytes} bytes long; it must have at least ${SECRET_MIN_BYTES}`;
  return undefined;
}

function isSecrets(value: unknown): value is Secrets {
  const secrets = value as Partial<Secrets> | null;
  return (
    typeof secrets === 'object' &&
    secrets !== null &&
    typeof secrets.jwtSecret === 'string' &&
    typeof secrets.internalSecret === 'string' &&
    weakSecret(secrets.jwtSecret) === undefined &&
    weakSecret(secrets.internalSecret) === undefined
  );
}

function read(file: string): Secrets {
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!isSecrets(parsed))
    throw new Error(`${file} does not hold two strong secrets; remove it to generate new ones`);
  return parsed;
}

/**
 * The secrets of a one-machine install: generated at random on first use and kept in `<dataDir>/secrets.json`,
 * readable by its owner only, so every process started on this data directory — now and after a restart — signs
 * and verifies with the same ones, and nobody else knows them. Several processes may start at once: the file
 * is written aside and linked into place, which only the first one manages; the others read the winner's.
 */
export function localSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, SECRETS_FILE);
  if (fs.existsSync(file)) return read(file);
  fs.mkdirSync(dataDir, { recursive: true });
  const generated: Secrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    internalSecret: randomBytes(48).toString('base64url'),
  };
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(aside, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(aside, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(aside, { force: true });
  }
  return read(file);
}
