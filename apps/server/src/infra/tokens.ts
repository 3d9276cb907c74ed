import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: number;
  platformId: number;
  version: number;
}

export class TokenSigner {
  private readonly key: Uint8Array;
  readonly ttlSeconds: number;

  constructor(secret: string, ttlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
    this.ttlSeconds = ttlSeconds;
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ pid: claims.platformId, ver: claims.version })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token, or null. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.pid !== 'number' || typeof payload.ver !== 'number')
        return null;
      return { userId, platformId: payload.pid, version: payload.ver };
    } catch {
      return null;
    }
  }
}

/** A random URL-safe secret for one-time links, and the digest that is stored instead of it. */
export function oneTimeSecret(): { token: string; digest: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, digest: digestSecret(token) };
}

export const digestSecret = (token: string) => createHash('sha256').update(token).digest('hex');
