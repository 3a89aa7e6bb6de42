import jwt from 'jsonwebtoken';

/** Auth's own settings; the common ones (secrets, data directory, database) come from the kit's base config. */
export interface AuthSettings {
  /** bcrypt work factor for new password hashes. */
  bcryptCost: number;
  /** Token lifetime as jsonwebtoken takes it: seconds, or a timespan such as `7d`. */
  jwtExpiresIn: number | string;
  /** How long a password-reset link stays valid. */
  resetTokenTtlMs: number;
  /** How long the link that finishes a registration stays valid. */
  registrationTokenTtlMs: number;
  /** Where the web app lives; mailed links point there. No trailing slash. */
  publicUrl: string;
  /** SMTP connection URL; without it mail goes to the outbox folder. */
  smtpUrl?: string;
  mailFrom: string;
}

export const DEFAULT_BCRYPT_COST = 12;
export const DEFAULT_JWT_EXPIRES_IN = '7d';
export const DEFAULT_RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A day: long enough to find the mail tomorrow morning, short enough that a stale link dies. */
export const DEFAULT_REGISTRATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_PUBLIC_URL = 'http://localhost:8080';
export const DEFAULT_MAIL_FROM = 'DevCircle <no-reply@devcircle.local>';

/** Below 10 a stolen hash is cheap to crack; above 15 a sign-in takes seconds of CPU. */
const MIN_BCRYPT_COST = 10;
const MAX_BCRYPT_COST = 15;
/**
 * Outside production the cost may go down to bcrypt's least, 4 (about 2 ms a hash instead of 115 at 10): the test
 * suites sign up and in hundreds of members, and their hashes protect nothing (Django's test settings do the same
 * with a fast hasher). NODE_ENV=production still refuses anything under 10.
 */
const MIN_BCRYPT_COST_OUTSIDE_PRODUCTION = 4;

function readBcryptCost(value: string | undefined, production: boolean): number {
  if (value === undefined || value === '') return DEFAULT_BCRYPT_COST;
  const cost = Number(value);
  const least = production ? MIN_BCRYPT_COST : MIN_BCRYPT_COST_OUTSIDE_PRODUCTION;
  if (!Number.isInteger(cost) || cost < least || cost > MAX_BCRYPT_COST) {
    const where = production ? ' (NODE_ENV=production)' : '';
    throw new Error(`BCRYPT_COST must be an integer from ${least} to ${MAX_BCRYPT_COST}${where}`);
  }
  return cost;
}

/**
 * jsonwebtoken reads a bare numeric string as milliseconds, which nobody means; digits alone are taken as
 * seconds. A value jsonwebtoken cannot read stops the start instead of failing every sign-in later.
 */
function readExpiresIn(value: string | undefined): number | string {
  const raw = value === undefined || value === '' ? DEFAULT_JWT_EXPIRES_IN : value.trim();
  const expiresIn = /^\d+$/.test(raw) ? Number(raw) : raw;
  try {
    jwt.sign({}, 'probe', { expiresIn: expiresIn as jwt.SignOptions['expiresIn'] });
  } catch {
    throw new Error(`JWT_EXPIRES_IN is not a valid duration: ${raw}`);
  }
  return expiresIn;
}

function readTtl(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1) throw new Error(`${name} must be a positive integer`);
  return ms;
}

function readPublicUrl(value: string | undefined): string {
  const raw = value === undefined || value === '' ? DEFAULT_PUBLIC_URL : value;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL is not a valid URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('PUBLIC_URL must be http or https');
  return url.href.replace(/\/+$/, '');
}

export function loadAuthSettings(env: NodeJS.ProcessEnv): AuthSettings {
  return {
    bcryptCost: readBcryptCost(env.BCRYPT_COST, env.NODE_ENV === 'production'),
    jwtExpiresIn: readExpiresIn(env.JWT_EXPIRES_IN),
    resetTokenTtlMs: readTtl(env, 'RESET_TOKEN_TTL_MS', DEFAULT_RESET_TOKEN_TTL_MS),
    registrationTokenTtlMs: readTtl(env, 'REGISTRATION_TOKEN_TTL_MS', DEFAULT_REGISTRATION_TOKEN_TTL_MS),
    publicUrl: readPublicUrl(env.PUBLIC_URL),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
  };
}
