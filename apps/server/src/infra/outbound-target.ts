import { type LookupAddress, lookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { MESSAGES } from '@vendaval/core/messages';
import ipaddr from 'ipaddr.js';
import { badRequest } from './errors.ts';

/**
 * Public unicast only: loopback, private, link-local, unique-local, carrier-grade NAT, multicast, reserved and the
 * tunnelling ranges that can embed one of those (6to4, Teredo, NAT64) are all refused. `process` turns an
 * IPv4-mapped IPv6 address back into IPv4 first.
 */
export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
}

/** Names that only mean something inside the server's own network (given without the root's trailing dot). */
const isLocalName = (host: string) =>
  !host.includes('.') || /(^|\.)(localhost|local|internal|lan|home\.arpa)$/i.test(host);

/** The host as DNS compares it: 'LOCALHOST.' and 'localhost' are one name, so the check sees them alike. */
const canonicalHost = (hostname: string) =>
  hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '')
    .toLowerCase();

/**
 * A webhook address as saved and as sent: an https URL (http too where the operator allows private targets), with
 * no credentials and no private host. The URL parser has already turned decimal, hex and octal IPv4 forms into the
 * dotted form. Host names are resolved and checked again when a delivery connects.
 */
export function checkTargetUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(MESSAGES.webhookUrlInvalid, 'url');
  }
  if (url.protocol === 'http:' && !allowPrivate) throw badRequest(MESSAGES.webhookHttpsRequired, 'url');
  if (!['https:', 'http:'].includes(url.protocol) || url.username || url.password) {
    throw badRequest(MESSAGES.webhookUrlInvalid, 'url');
  }
  if (allowPrivate) return url;
  const host = canonicalHost(url.hostname);
  if (ipaddr.isValid(host) ? !isPublicAddress(host) : isLocalName(host)) {
    throw badRequest(MESSAGES.webhookUrlPrivate, 'url');
  }
  return url;
}

export class PrivateTargetError extends Error {
  constructor(address: string) {
    super(`${MESSAGES.webhookUrlPrivate} (${address})`);
  }
}

/**
 * The DNS lookup of a delivery's connection: the addresses a name resolves to are checked when the socket
 * connects, so a name that changes its answer after the check (DNS rebinding) still cannot reach inside.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const refused = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (refused) return callback(new PrivateTargetError(refused.address), '', 0);
      if (options.all) return (callback as (e: null, all: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new Error(`no address for ${hostname}`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}
