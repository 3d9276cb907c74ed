import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cardsWorld, type World } from '../../../test/factories/cards.ts';
import { startViaCepApi, type ViaCepApi } from '../../../test/viacep-api.ts';

let w: World;
let viaCep: ViaCepApi;

const PAULISTA = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  complemento: 'de 612 a 1510 - lado par',
  unidade: '',
  bairro: 'Bela Vista',
  localidade: 'São Paulo',
  uf: 'SP',
  estado: 'São Paulo',
  regiao: 'Sudeste',
  ibge: '3550308',
  gia: '1004',
  ddd: '11',
  siafi: '7107',
};

beforeAll(async () => {
  viaCep = await startViaCepApi();
  viaCep.addresses.set('01310100', PAULISTA);
  w = await cardsWorld({ config: { cepApiBaseUrl: viaCep.baseUrl } });
});
afterAll(async () => {
  await w.t.close();
  await viaCep.close();
});
beforeEach(() => {
  viaCep.mode = 'normal';
  viaCep.asked = [];
});

const lookUp = (cep: string) => w.call('atendente', 'GET', w.centro, `cep/${cep}`);

describe('12. CEP look-up', () => {
  it('12. a known CEP answers its street, neighbourhood, city and state, asked once and then kept', async () => {
    for (const typed of ['01310-100', '01310100']) {
      const res = await lookUp(typed);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'found',
        address: {
          postal_code: '01310-100',
          address_line1: 'Avenida Paulista',
          neighborhood: 'Bela Vista',
          city_name: 'São Paulo',
          state_code: 'SP',
        },
      });
    }
    expect(viaCep.asked).toEqual(['01310100']);
  });

  it('12. an unknown CEP answers not_found', async () => {
    const res = await lookUp('99999-999');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'not_found' });
  });

  it('12. a CEP that is not 8 digits is refused before the service is asked', async () => {
    for (const bad of ['0131010', '013101000', '01310-10a', '..%2F..%2Fadmin']) {
      const res = await lookUp(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.body).toContain('Informe o CEP com 8 dígitos.');
    }
    expect(viaCep.asked).toEqual([]);
  });

  it('12. a failing service answers unavailable, not a 5xx, and is asked again next time', async () => {
    viaCep.mode = 'failing';
    for (let i = 0; i < 2; i++) {
      const res = await lookUp('20040-020');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'unavailable' });
    }
    expect(viaCep.asked).toEqual(['20040020', '20040020']);
  });

  it('12. a service that does not answer in time answers unavailable', async () => {
    viaCep.mode = 'silent';
    const started = Date.now();
    const res = await lookUp('30130-010');
    expect(res.json()).toEqual({ status: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('12. a service that drops the connection answers unavailable', async () => {
    viaCep.mode = 'dropping';
    const res = await lookUp('70040-010');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'unavailable' });
  });
});
