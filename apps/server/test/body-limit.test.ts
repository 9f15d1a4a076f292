import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

type Outcome = { status: number; body: string } | { error: string };

/**
 * A client program of its own (in the server's process the two share one event loop and the
 * race below never shows): Node's HTTP client POSTs `count` JSON bodies of `bytes`, one after
 * another on fresh connections, each streamed in 64 KB pieces as a file piped into the request
 * is, and prints what it read for each: the answer, or the error it got instead.
 */
const CLIENT = `
import http from 'node:http';
import { Readable } from 'node:stream';
const [url, count, bytes] = process.argv.slice(1);
const body = Buffer.from(JSON.stringify({ firstName: 'x'.repeat(Number(bytes)) }));
function post() {
  return new Promise((resolve) => {
    const req = http.request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': body.length } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (err) => resolve({ error: (err.code ?? err.message) + ' while reading the answer' }));
    });
    req.on('error', (err) => resolve({ error: err.code ?? err.message }));
    Readable.from((function* () { for (let i = 0; i < body.length; i += 65536) yield body.subarray(i, i + 65536); })()).pipe(req);
  });
}
const outcomes = [];
for (let i = 0; i < Number(count); i++) outcomes.push(await post());
process.stdout.write(JSON.stringify(outcomes));
`;

async function postFromAnotherProcess(url: string, count: number, bytes: number): Promise<Outcome[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', CLIENT, url, String(count), String(bytes)], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Outcome[];
}

/**
 * A body over the limit is refused with 413, and every client reads that answer: the server
 * answers, then reads and discards the rest of the body (up to a bound) before it closes
 * (RFC 9112 §9.6). Closed at once, the connection was reset while the client still sent, and
 * Node's client lost the answer to EPIPE on about half of these requests.
 */
describe('a body over the limit, over a real connection', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers each of 30 JSON bodies of 2 MB with a 413 and its message, read by the client', async () => {
    const outcomes = await postFromAnotherProcess(`http://127.0.0.1:${port}/api/contact`, 30, 2 * 1024 * 1024);
    expect(outcomes).toHaveLength(30);
    const lost = outcomes.filter((o) => 'error' in o);
    expect(lost, `${lost.length} of ${outcomes.length} answers lost`).toEqual([]);
    for (const o of outcomes) {
      if ('error' in o) continue;
      expect(o.status).toBe(413);
      expect(JSON.parse(o.body)).toEqual({
        error: {
          code: 'PAYLOAD_TOO_LARGE',
          message: expect.stringMatching(/[a-záéíóúñ]/i),
        },
      });
    }
  });
});
