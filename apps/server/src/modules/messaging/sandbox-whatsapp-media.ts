import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sameSignature } from './webhook-signatures.ts';

// The WhatsApp stand-in's media store (decision 063), as Meta's Cloud API documents it: a file a
// person sent is known by a media id; GET /{version}/{media-id} with the bearer token answers
// { messaging_product, url, mime_type, sha256, file_size, id }, and the url (valid 5 minutes) gives
// the bytes to the same token. Unknown ids and expired or altered urls are 404. Kept in memory:
// the stand-in is one process's, for development and tests. A test makes Meta fail as its media
// download documents it can (`failNext`): a 500 on either request, or a url that has already
// expired when it is used (as if five minutes passed between the lookup and the download); the
// requests each media id got are counted (`requests`).

export interface SandboxMediaSettings {
  accessToken: string;
  appSecret: string;
  /** The stand-in's Graph address (`…/sandbox-whatsapp`): the download urls point under it. */
  apiUrl: string;
  /** The clock (tests make a url expire). */
  now?: () => number;
}

/** How long a download url stays valid (Meta: 5 minutes). */
export const MEDIA_URL_TTL_MS = 5 * 60 * 1000;
/** The files kept at most; the oldest go first. */
const MAX_FILES = 500;

/** A failure Meta's media endpoints may answer: its 500 (error 131000, "Something went wrong"), or (lookup only) a url already past its five minutes. */
export type MediaFault = 'server_error' | 'stale_url';

interface StoredMedia {
  bytes: Buffer;
  mime: string;
  sha256: Buffer;
}

type GraphAnswer = { status: number; body: unknown };

/** Meta's answer to a request that failed on its side (the Cloud API's error codes: 131000, HTTP 500). */
const serverError = (): GraphAnswer => ({
  status: 500,
  body: {
    error: {
      message: '(#131000) Something went wrong',
      type: 'OAuthException',
      code: 131000,
      error_data: { messaging_product: 'whatsapp', details: 'Something went wrong' },
      fbtrace_id: randomBytes(8).toString('hex'),
    },
  },
});

const notFound = (id: string): GraphAnswer => ({
  status: 404,
  body: {
    error: {
      message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      type: 'GraphMethodException',
      code: 100,
      error_subcode: 33,
      fbtrace_id: randomBytes(8).toString('hex'),
    },
  },
});

export class SandboxMediaStore {
  private readonly files = new Map<string, StoredMedia>();
  /** Failures to answer next, per media id and endpoint, in order. */
  private readonly faults = new Map<string, { lookup: MediaFault[]; download: MediaFault[] }>();
  /** What each media id was asked: lookups answered, and files served whole. */
  private readonly counts = new Map<string, { lookups: number; downloads: number }>();
  constructor(readonly settings: SandboxMediaSettings) {}

  /** The next `times` requests for this media id on `endpoint` fail with `fault` (tests). */
  failNext(mediaId: string, endpoint: 'lookup' | 'download', fault: MediaFault, times = 1): void {
    const queued = this.faults.get(mediaId) ?? { lookup: [], download: [] };
    queued[endpoint].push(...Array<MediaFault>(times).fill(fault));
    this.faults.set(mediaId, queued);
  }

  /** How many lookups this media id got, and how many times its file was served (tests). */
  requests(mediaId: string): { lookups: number; downloads: number } {
    return { ...(this.counts.get(mediaId) ?? { lookups: 0, downloads: 0 }) };
  }

  private count(mediaId: string, what: 'lookups' | 'downloads'): void {
    const c = this.counts.get(mediaId) ?? { lookups: 0, downloads: 0 };
    c[what] += 1;
    this.counts.set(mediaId, c);
  }

  private nextFault(mediaId: string, endpoint: 'lookup' | 'download'): MediaFault | undefined {
    return this.faults.get(mediaId)?.[endpoint].shift();
  }

  private now(): number {
    return this.settings.now?.() ?? Date.now();
  }

  /** A person's phone uploads a file (what Meta does before its webhook): its id and the webhook's sha256 (base64). */
  put(bytes: Buffer, mime: string): { id: string; sha256: string } {
    const id = String(10n ** 15n + BigInt(`0x${randomBytes(6).toString('hex')}`));
    const sha256 = createHash('sha256').update(bytes).digest();
    this.files.set(id, { bytes, mime, sha256 });
    while (this.files.size > MAX_FILES) this.files.delete(this.files.keys().next().value!);
    return { id, sha256: sha256.toString('base64') };
  }

  /** Whether the request carries the stand-in's access token. */
  authorized(header: string | string[] | undefined): boolean {
    return sameSignature(header, `Bearer ${this.settings.accessToken}`);
  }

  /** GET /{version}/{media-id}: the file's url (valid MEDIA_URL_TTL_MS) and facts. */
  lookup(id: string): GraphAnswer {
    this.count(id, 'lookups');
    const fault = this.nextFault(id, 'lookup');
    if (fault === 'server_error') return serverError();
    const file = this.files.get(id);
    if (!file) return notFound(id);
    // A stale url: the one Meta gave more than five minutes before it is used.
    const expires = fault === 'stale_url' ? this.now() - 1000 : this.now() + MEDIA_URL_TTL_MS;
    const ext = String(Math.floor(expires / 1000));
    const url = `${this.settings.apiUrl}/attachments?mid=${encodeURIComponent(id)}&ext=${ext}&hash=${this.hash(id, ext)}`;
    return {
      status: 200,
      body: { messaging_product: 'whatsapp', url, mime_type: file.mime, sha256: file.sha256.toString('hex'), file_size: file.bytes.length, id },
    };
  }

  /** GET url: the bytes, while the url is valid and unaltered. */
  download(q: { mid?: string; ext?: string; hash?: string }): { bytes: Buffer; mime: string } | undefined {
    if (!q.mid || !q.ext || !q.hash || !/^\d{1,12}$/.test(q.ext)) return undefined;
    if (!sameSignature(q.hash, this.hash(q.mid, q.ext)) || Number(q.ext) * 1000 < this.now()) return undefined;
    const file = this.files.get(q.mid);
    return file && { bytes: file.bytes, mime: file.mime };
  }

  /** The route's answer to GET url: the bytes (counted), a 500 when one is due for the file, or 404 for an unknown, expired or altered url. */
  serve(q: { mid?: string; ext?: string; hash?: string }): { status: 200; bytes: Buffer; mime: string } | GraphAnswer {
    if (q.mid && this.nextFault(q.mid, 'download') === 'server_error') return serverError();
    const file = this.download(q);
    if (!file) return { status: 404, body: 'Not Found' };
    this.count(q.mid!, 'downloads');
    return { status: 200, ...file };
  }

  private hash(id: string, ext: string): string {
    return createHmac('sha256', this.settings.appSecret).update(`media:${id}:${ext}`).digest('base64url');
  }
}
