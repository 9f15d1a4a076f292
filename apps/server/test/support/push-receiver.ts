import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local push service for the tests (decision 039): it hands out subscriptions the way a browser
// would (its own P-256 key pair and auth secret), receives what the app posts to their endpoints,
// checks the VAPID Authorization header (RFC 8292: an ES256 JWT for the endpoint's origin, signed
// by the key in k=) and decrypts the aes128gcm body with the subscription's private key and auth
// secret (RFC 8291 and 8188). It can be told to answer a status instead (404, 410, 429, 500), and a
// device can be offline: its messages are held, a newer one with the same `Topic` replacing the held
// one (RFC 8030 §5.4), and delivered when it comes back online.

export interface ReceivedPush {
  /** The subscription's id in the receiver (its endpoint's last segment). */
  subscription: string;
  /** The decrypted payload, as JSON. */
  payload: unknown;
  ttl: string | null;
  urgency: string | null;
  /** RFC 8030's Topic header, if any. */
  topic: string | null;
  /** The VAPID JWT's claims and the public key it was verified with. */
  vapid: { aud: string; exp: number; sub: string; k: string };
}

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushReceiver {
  url: string;
  /** A new subscription, as PushSubscription.toJSON() gives it. */
  subscribe(): BrowserSubscription;
  /** What every accepted post decrypted to, in order. */
  received: ReceivedPush[];
  /** Posts refused (bad VAPID, undecryptable body), with why. */
  refused: string[];
  /** Answer this status to every post to the endpoint from now on, or never answer ('hang'); undefined: accept again. */
  answer(endpoint: string, status: number | 'hang' | undefined): void;
  /** The device goes offline (its pushes are held, collapsed by Topic) or back online (the held ones arrive, in order). */
  online(endpoint: string, online: boolean): void;
  close(): Promise<void>;
}

const b64u = (buf: Buffer) => buf.toString('base64url');

/** RFC 8291 §3.4 and RFC 8188 §2: one record, the last, padded with 0x02 then zeros. */
export function decryptAes128gcm(body: Buffer, uaPrivate: crypto.ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not the last record (no 0x02 delimiter)');
  return padded.subarray(0, end);
}

/** RFC 8292 §2-3: `vapid t=<ES256 JWT>, k=<the signer's public key>`; the claims when valid. */
export function verifyVapid(authorization: string | undefined, audience: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no vapid Authorization header: ${authorization}`);
  const [token, k] = [match[1]!, match[2]!];
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) }, format: 'jwk' });
  const [header, claims, signature] = token.split('.') as [string, string, string];
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const ok = crypto.verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('bad VAPID signature');
  const { aud, exp, sub } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (aud !== audience) throw new Error(`aud ${aud} is not ${audience}`);
  const now = Date.now() / 1000;
  if (!(exp > now && exp <= now + 24 * 3600)) throw new Error(`exp ${exp} is not within the next 24 hours`);
  return { aud, exp, sub, k };
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const devices = new Map<string, { ecdh: crypto.ECDH; auth: Buffer }>();
  const statuses = new Map<string, number | 'hang'>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const offline = new Map<string, ReceivedPush[]>();
  let url = '';

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const device = id ? devices.get(id) : undefined;
      const forced = id ? statuses.get(id) : undefined;
      if (forced === 'hang') return;
      if (forced !== undefined) return void res.writeHead(forced).end();
      if (req.method !== 'POST' || !id || !device) return void res.writeHead(404).end();
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const vapid = verifyVapid(req.headers.authorization, url);
        const plain = decryptAes128gcm(Buffer.concat(chunks), device.ecdh, device.auth);
        const push: ReceivedPush = {
          subscription: id,
          payload: JSON.parse(plain.toString('utf8')),
          ttl: req.headers.ttl as string,
          urgency: (req.headers.urgency as string) ?? null,
          topic: (req.headers.topic as string) ?? null,
          vapid,
        };
        const held = offline.get(id);
        if (!held) received.push(push);
        else {
          // A held message with the same topic is replaced by this one (RFC 8030 §5.4).
          const same = push.topic === null ? -1 : held.findIndex((h) => h.topic === push.topic);
          if (same >= 0) held.splice(same, 1);
          held.push(push);
        }
        res.writeHead(201, { location: `${url}/message/${crypto.randomUUID()}` }).end();
      } catch (err) {
        refused.push(String(err));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idOf = (endpoint: string) => endpoint.slice(endpoint.lastIndexOf('/') + 1);

  return {
    url,
    received,
    refused,
    subscribe() {
      const id = crypto.randomUUID();
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      devices.set(id, { ecdh, auth });
      return { endpoint: `${url}/push/${id}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    online(endpoint, isOnline) {
      const id = idOf(endpoint);
      if (!isOnline) return void (offline.has(id) || offline.set(id, []));
      received.push(...(offline.get(id) ?? []));
      offline.delete(id);
    },
    answer(endpoint, status) {
      if (status === undefined) statuses.delete(idOf(endpoint));
      else statuses.set(idOf(endpoint), status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
