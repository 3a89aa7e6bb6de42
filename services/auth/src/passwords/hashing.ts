import bcrypt from 'bcryptjs';
import { exceedsBcryptLimit } from './rules';

/** Hashing and checking passwords with bcrypt at the configured cost. */
export class PasswordHasher {
  /** Made at start, so even the first sign-in for an unknown address costs exactly one comparison. */
  private readonly dummyHash: Promise<string>;

  constructor(private readonly cost: number) {
    this.dummyHash = bcrypt.hash('devcircle-no-such-account', cost);
  }

  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.cost);
  }

  /**
   * True when `password` is the one behind `hash`. Longer than bcrypt reads is never right: no stored
   * password is, and bcrypt would otherwise accept anything that starts with the real one.
   */
  async verify(password: string, hash: string): Promise<boolean> {
    const matches = await bcrypt.compare(password, hash);
    return matches && !exceedsBcryptLimit(password);
  }

  /**
   * Spends the time of a real check when there is no account, so a sign-in for an unknown address takes as
   * long as one with a wrong password and response times do not reveal which addresses are registered.
   */
  async verifyNothing(password: string): Promise<false> {
    await bcrypt.compare(password, await this.dummyHash);
    return false;
  }
}
