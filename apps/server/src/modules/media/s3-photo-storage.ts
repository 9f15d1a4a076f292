import { createHash, createHmac } from 'node:crypto';
import { assertValidKey, type PhotoStorage } from './photo-storage.ts';

// Photos in any S3-compatible store (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces,
// Backblaze B2, ...), with a small AWS Signature Version 4 signer over fetch: three calls
// (PUT, GET, DELETE object) do not justify the AWS SDK's 3 MB of dependencies.
// docs/decisions/012-photos.md.

export interface S3Settings {
  /** Service endpoint, e.g. https://s3.us-east-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://endpoint/bucket/key instead of https://bucket.endpoint/key (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
  /** Per request; default 15 s. */
  timeoutMs?: number;
}

export interface SignInput {
  method: string;
  url: URL;
  /** Header names in any case; `host` is taken from the URL when absent. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body, or 'UNSIGNED-PAYLOAD'. */
  payloadHash: string;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
  now: Date;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - . _ ~ is %XX. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** 20130524T000000Z */
export function amzDate(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/**
 * Signs a request with AWS Signature Version 4 (header-based) and returns the headers to send:
 * the given ones plus `x-amz-date`, `x-amz-content-sha256` and `authorization`. The URL path
 * must already be encoded as it will be sent (S3 signs it as is, without encoding it twice).
 */
export function signRequest(input: SignInput): Record<string, string> {
  const date = amzDate(input.now);
  const day = date.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) headers[name.toLowerCase()] = value;
  headers.host ??= input.url.host;
  headers['x-amz-date'] = date;
  headers['x-amz-content-sha256'] = input.payloadHash;

  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [input.method, input.url.pathname || '/', canonicalQuery(input.url), canonicalHeaders, signedHeaders, input.payloadHash].join('\n');
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = [ALGORITHM, date, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), input.service), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');

  headers.authorization = `${ALGORITHM} Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}

/** The S3 error code in an XML error body (<Code>NoSuchKey</Code>), for logs. */
function errorCode(body: string): string {
  return /<Code>([^<]{1,100})<\/Code>/.exec(body)?.[1] ?? 'unknown';
}

export class S3PhotoStorage implements PhotoStorage {
  private readonly base: URL;
  private readonly timeoutMs: number;

  constructor(private readonly settings: S3Settings) {
    const endpoint = new URL(settings.endpoint);
    if (settings.forcePathStyle) {
      endpoint.pathname = `${endpoint.pathname.replace(/\/+$/, '')}/${uriEncode(settings.bucket)}/`;
    } else {
      endpoint.hostname = `${settings.bucket}.${endpoint.hostname}`;
      endpoint.pathname = `${endpoint.pathname.replace(/\/+$/, '')}/`;
    }
    this.base = endpoint;
    this.timeoutMs = settings.timeoutMs ?? 15_000;
  }

  /** The object's URL; keys are plain segments (assertValidKey), each encoded all the same. */
  urlOf(key: string): URL {
    assertValidKey(key);
    return new URL(key.split('/').map(uriEncode).join('/'), this.base);
  }

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string): Promise<Response> {
    const url = this.urlOf(key);
    const extra: Record<string, string> = contentType ? { 'content-type': contentType } : {};
    const headers = signRequest({
      method,
      url,
      headers: extra,
      payloadHash: sha256Hex(body ?? ''),
      region: this.settings.region,
      service: 's3',
      accessKeyId: this.settings.accessKeyId,
      secretAccessKey: this.settings.secretAccessKey,
      now: new Date(),
    });
    // fetch sets Host itself (the same value); it refuses a caller-set one.
    delete headers.host;
    const init: RequestInit = { method, headers, signal: AbortSignal.timeout(this.timeoutMs) };
    if (body) init.body = new Uint8Array(body);
    return fetch(url, init);
  }

  private async fail(action: string, key: string, res: Response): Promise<never> {
    const text = await res.text().catch(() => '');
    throw new Error(`S3 ${action} ${key} failed: HTTP ${res.status} ${errorCode(text)}`);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const res = await this.send('PUT', key, data, contentType);
    if (!res.ok) await this.fail('PUT', key, res);
    await res.arrayBuffer();
  }

  async get(key: string): Promise<{ data: Buffer; contentType: string } | null> {
    const res = await this.send('GET', key);
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (!res.ok) await this.fail('GET', key, res);
    const data = Buffer.from(await res.arrayBuffer());
    return { data, contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    // Deleting what is already gone is success, as on disk.
    if (!res.ok && res.status !== 404) await this.fail('DELETE', key, res);
    await res.arrayBuffer();
  }
}
