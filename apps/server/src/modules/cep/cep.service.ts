import { STATE_CODES } from '@vendaval/core/constants';
import type { CepLookup } from '@vendaval/core/schemas/cep';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

const REQUEST_TIMEOUT_MS = 3000;
const CACHE_ENTRIES = 1000;
const CACHE_TTL_MS = 24 * 60 * 60 * 1000;

/** ViaCEP's answer for a CEP: the address, or `erro` when the CEP does not exist. */
const providerAnswerSchema = z.union([
  z.object({ erro: z.union([z.literal(true), z.literal('true')]) }),
  z.object({
    cep: z.string(),
    logradouro: z.string(),
    bairro: z.string(),
    localidade: z.string(),
    uf: z.enum(STATE_CODES),
  }),
]);

export type LookUpCep = (digits: string, log: FastifyBaseLogger) => Promise<CepLookup>;

/**
 * Looks CEPs up at a service with ViaCEP's shape (`{base}/{8 digits}/json/`). Answers are kept for a day, the
 * latest `CACHE_ENTRIES` of them; a slow, failing or odd service answers 'unavailable' and is asked again next time.
 */
export function createCepLookup(options: { baseUrl: string; timeoutMs?: number }): LookUpCep {
  const cache = new Map<string, { result: CepLookup; at: number }>();

  function remember(digits: string, result: CepLookup) {
    cache.delete(digits);
    cache.set(digits, { result, at: Date.now() });
    if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  }

  return async (digits, log) => {
    const kept = cache.get(digits);
    if (kept && Date.now() - kept.at < CACHE_TTL_MS) return kept.result;
    try {
      const result = await ask(`${options.baseUrl}/${digits}/json/`, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
      remember(digits, result);
      return result;
    } catch (err) {
      log.warn({ err, cep: digits }, 'CEP look-up service unavailable');
      return { status: 'unavailable' };
    }
  };
}

async function ask(url: string, timeoutMs: number): Promise<CepLookup> {
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`CEP service answered HTTP ${response.status}`);
  const answer = providerAnswerSchema.parse(await response.json());
  if ('erro' in answer) return { status: 'not_found' };
  return {
    status: 'found',
    address: {
      postal_code: answer.cep,
      address_line1: answer.logradouro,
      neighborhood: answer.bairro,
      city_name: answer.localidade,
      state_code: answer.uf,
    },
  };
}
