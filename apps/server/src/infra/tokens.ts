import { createHash, createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: number;
  platformId: number;
  version: number;
}

/** Tokens already verified, so a session's requests pay for the signature check once (it costs a crypto job). */
const VERIFIED_TOKENS_KEPT = 10_000;

export class TokenSigner {
  private readonly key: Uint8Array;
  readonly ttlSeconds: number;
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  constructor(secret: string, ttlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
    this.ttlSeconds = ttlSeconds;
  }

  /** An HMAC-SHA256 of `data` with the app's secret (base64url): for short-lived links such as chat files. */
  mac(data: string): string {
    return createHmac('sha256', this.key).update(data).digest('base64url');
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ pid: claims.platformId, ver: claims.version })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token, or null. Revocation is the caller's check (the token version). */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known && known.expiresAtMs > Date.now()) return known.claims;
    this.verified.delete(token);
    const checked = await this.check(token);
    if (checked) this.remember(token, checked.claims, checked.expiresAtMs);
    return checked?.claims ?? null;
  }

  private async check(token: string) {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.pid !== 'number' || typeof payload.ver !== 'number')
        return null;
      if (typeof payload.exp !== 'number') return null;
      return {
        claims: { userId, platformId: payload.pid, version: payload.ver },
        expiresAtMs: payload.exp * 1000,
      };
    } catch {
      return null;
    }
  }

  private remember(token: string, claims: AccessClaims, expiresAtMs: number) {
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, { claims, expiresAtMs });
  }
}

/** A random URL-safe secret for one-time links, and the digest that is stored instead of it. */
export function oneTimeSecret(): { token: string; digest: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, digest: digestSecret(token) };
}

export const digestSecret = (token: string) => createHash('sha256').update(token).digest('hex');
