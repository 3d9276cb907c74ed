import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An address as ViaCEP answers it for `GET /ws/{cep}/json/`. */
export interface ViaCepAddress {
  cep: string;
  logradouro: string;
  complemento: string;
  unidade: string;
  bairro: string;
  localidade: string;
  uf: string;
  estado: string;
  regiao: string;
  ibge: string;
  gia: string;
  ddd: string;
  siafi: string;
}

/**
 * A stand-in for ViaCEP on 127.0.0.1, answering as it does: the address of a known CEP, `{"erro": "true"}` for an
 * unknown one and an HTML 400 page for a malformed path. `mode` makes it fail (HTTP 500), drop the connection or
 * never answer.
 */
export interface ViaCepApi {
  /** The base URL to configure, `…/ws`. */
  baseUrl: string;
  addresses: Map<string, ViaCepAddress>;
  /** The CEPs asked for, in order. */
  asked: string[];
  mode: 'normal' | 'failing' | 'dropping' | 'silent';
  close(): Promise<void>;
}

export async function startViaCepApi(): Promise<ViaCepApi> {
  const api: ViaCepApi = {
    baseUrl: '',
    addresses: new Map(),
    asked: [],
    mode: 'normal',
    close: async () => {},
  };
  const server = createServer((req, res) => {
    if (api.mode === 'silent') return; // the request hangs until the client gives up
    if (api.mode === 'dropping') return req.socket.destroy();
    const cep = req.url?.match(/^\/ws\/(\d{8})\/json\/$/)?.[1];
    if (req.method !== 'GET' || !cep) {
      res.writeHead(400, { 'content-type': 'text/html' });
      return res.end('<h2>Http 400</h2><h3>Verifique a sua URL (Bad Request)</h3>');
    }
    api.asked.push(cep);
    if (api.mode === 'failing') {
      res.writeHead(500, { 'content-type': 'text/html' });
      return res.end('<h1>Erro interno</h1>');
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(api.addresses.get(cep) ?? { erro: 'true' }, null, 2));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
  api.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return api;
}
