// The private-destination rule for webhooks: every textual form of a
// loopback, private or link-local address is refused when a subscription is
// saved, before a delivery connects, and when a name resolves to one.
import http from 'node:http';
import type { LookupAddress } from 'node:dns';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookSubscription } from '../../src/domain/webhook.ts';
import { guardedLookup, isPrivateAddress } from '../../src/events/webhook-destination.ts';
import { postWebhook } from '../../src/events/webhook-http.ts';
import { useTestDb } from '../support/database.ts';
import { expectAppError } from '../support/errors.ts';
import { makeProject, makeUser } from '../support/factories.ts';

const db = useTestDb();

// IPv6 forms that carry a blocked IPv4 address, and loopback names.
const EMBEDDED = [
  '::127.0.0.1', // IPv4-compatible
  '::7f00:1',
  '0:0:0:0:0:0:7f00:1',
  '::ffff:127.0.0.1', // IPv4-mapped
  '::ffff:7f00:1',
  '::FFFF:7F00:1',
  '::ffff:0:7f00:1', // IPv4-translated
  '::ffff:0:127.0.0.1',
  '::ffff:0:a9fe:a9fe', // the cloud metadata address
  '2002:7f00:1::1', // 6to4
  '2002:a00:1::', // 6to4 of 10.0.0.1
  '64:ff9b::7f00:1', // NAT64
  '64:ff9b::127.0.0.1',
  '64:ff9b:1::a00:1', // NAT64, local use
  '2001:0:7f00:1::1', // Teredo server on loopback
  '2001:0:808:808::80ff:fffe', // Teredo client 127.0.0.1 (stored inverted)
  'fec0::1', // site-local
];
const PUBLIC = ['2606:4700:4700::1111', '::ffff:8.8.8.8', '::ffff:0:808:808', '2002:808:808::1', '2001:4860:4860::8888'];

describe('isPrivateAddress', () => {
  it('refuses IPv6 forms that embed a private IPv4 address', () => {
    for (const a of EMBEDDED) expect({ a, private: isPrivateAddress(a) }).toEqual({ a, private: true });
  });

  it('accepts public IPv6 addresses, including ones that embed a public IPv4 address', () => {
    for (const a of PUBLIC) expect({ a, private: isPrivateAddress(a) }).toEqual({ a, private: false });
  });

  it('refuses what is not an address', () => {
    for (const a of ['', 'localhost', '1.2.3', '::g', '1::2::3']) expect({ a, private: isPrivateAddress(a) }).toEqual({ a, private: true });
  });
});

describe('when a subscription is saved', () => {
  const policy = { allowPrivate: false };
  const urls = [
    ...EMBEDDED.map((a) => `http://[${a}]:8080/hook`),
    'http://localhost./hook',
    'http://LOCALHOST/hook',
    'http://LocalHost.:8080/hook',
    'http://api.localhost./hook',
    'http://localhost../hook',
    'http://0x7f.1/hook',
    'http://2130706433/hook',
  ];

  it.each(urls)('400 private_destination on url for %s, nothing written', async (url) => {
    const user = await makeUser(db);
    const project = await makeProject(db, { memberIds: [user.id] });
    await expectAppError(
      createWebhookSubscription(db, user.id, { url, projectId: project.id, metadata: { 'X-Event-Type': ['task.updated'] } }, policy),
      'VALIDATION',
      'url',
    );
    expect(await db.webhookSubscription.count({ where: { projectId: project.id } })).toBe(0);
  });

  it('accepts a public destination', async () => {
    const user = await makeUser(db);
    const project = await makeProject(db, { memberIds: [user.id] });
    const sub = await createWebhookSubscription(
      db,
      user.id,
      { url: 'https://[2606:4700:4700::1111]/hook', projectId: project.id, metadata: { 'X-Event-Type': ['task.updated'] } },
      policy,
    );
    expect(sub.url).toBe('https://[2606:4700:4700::1111]/hook');
  });
});

describe('when a delivery connects', () => {
  let server: http.Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits++;
      req.resume();
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(['[::ffff:127.0.0.1]', '[::ffff:0:7f00:1]', '[::7f00:1]', 'localhost.', 'LOCALHOST'])(
    'refuses http://%s:port before connecting',
    async (host) => {
      const outcome = await postWebhook(`http://${host}:${port}/hook`, {}, '{}', { timeoutMs: 5_000, allowPrivate: false });
      expect(outcome).toMatchObject({ statusCode: null, blocked: true });
      expect(outcome.error).toMatch(/private, loopback or link-local/);
      expect(hits).toBe(0);
    },
  );

  it('refuses a name whose DNS answer holds an embedded private address', async () => {
    for (const address of ['::ffff:0:7f00:1', '2002:7f00:1::1', '64:ff9b::a9fe:a9fe', '::127.0.0.1']) {
      const answer: LookupAddress[] = [
        { address: '8.8.8.8', family: 4 },
        { address, family: 6 },
      ];
      const err = await new Promise<Error | null>((resolve) =>
        guardedLookup('rebind.example', {}, (e) => resolve(e), (_host, _opts, cb) => cb(null, answer)),
      );
      expect({ address, message: err?.message }).toEqual({
        address,
        message: expect.stringMatching(/private, loopback or link-local/),
      });
    }
    const ok = await new Promise<unknown[]>((resolve) =>
      guardedLookup('public.example', {}, (...args) => resolve(args), (_h, _o, cb) => cb(null, [{ address: '8.8.8.8', family: 4 }])),
    );
    expect(ok).toEqual([null, '8.8.8.8', 4]);
  });
});
