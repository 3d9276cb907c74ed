import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenSigner } from './tokens.ts';

const claims = { userId: 7, platformId: 1000, version: 2 };

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  it('a signed token answers its claims, again and again', async () => {
    const signer = new TokenSigner('a-secret-of-the-server-0123456789', 60);
    const token = await signer.sign(claims);
    expect(await signer.verify(token)).toEqual(claims);
    expect(await signer.verify(token)).toEqual(claims);
  });

  it('a token signed with another secret or altered is refused', async () => {
    const signer = new TokenSigner('a-secret-of-the-server-0123456789', 60);
    const foreign = await new TokenSigner('another-secret-entirely-987654321', 60).sign(claims);
    expect(await signer.verify(foreign)).toBeNull();
    const token = await signer.sign(claims);
    const [header, payload, signature] = token.split('.');
    const raised = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload as string, 'base64url').toString()), sub: '1' }),
    ).toString('base64url');
    expect(await signer.verify(`${header}.${raised}.${signature}`)).toBeNull();
  });

  it('a token already verified is refused once it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const signer = new TokenSigner('a-secret-of-the-server-0123456789', 60);
    const token = await signer.sign(claims);
    expect(await signer.verify(token)).toEqual(claims);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await signer.verify(token)).toBeNull();
  });
});
