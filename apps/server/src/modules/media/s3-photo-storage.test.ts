import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPhotoStorage } from '../../app.ts';
import { ConfigError, loadConfig } from '../../config/env.ts';
import { DiskPhotoStorage } from './photo-storage.ts';
import { S3PhotoStorage, sha256Hex, signRequest, type S3Settings } from './s3-photo-storage.ts';

// AWS's published examples (Amazon S3 API reference, "Signature Calculations for the
// Authorization Header: Transferring Payload in a Single Chunk"), with its example keys.
const AWS_EXAMPLE = {
  region: 'us-east-1',
  service: 's3',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  now: new Date('2013-05-24T00:00:00Z'),
};

describe('signRequest (AWS Signature Version 4)', () => {
  it("matches AWS's example GET Object (range of test.txt)", () => {
    const headers = signRequest({
      ...AWS_EXAMPLE,
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: sha256Hex(''),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it("matches AWS's example PUT Object (test$file.text)", () => {
    const body = 'Welcome to Amazon S3.';
    const headers = signRequest({
      ...AWS_EXAMPLE,
      method: 'PUT',
      url: new URL('https://examplebucket.s3.amazonaws.com/test%24file.text'),
      headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadHash: sha256Hex(body),
    });
    expect(headers['x-amz-content-sha256']).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });
});

describe('S3PhotoStorage against a real S3-compatible server (s3rver)', () => {
  let server: S3rver;
  let dir: string;
  let settings: S3Settings;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arreglaya-s3-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'fotos' }] });
    const { port } = await server.run();
    // s3rver's built-in account; it checks every request's signature against it.
    settings = { endpoint: `http://127.0.0.1:${port}`, bucket: 'fotos', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores, reads back with its content type, and deletes a photo', async () => {
    const storage = new S3PhotoStorage(settings);
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]);
    await storage.put('photos/abc/sm.jpg', bytes, 'image/jpeg');
    const back = await storage.get('photos/abc/sm.jpg');
    expect(back?.contentType).toBe('image/jpeg');
    expect(back?.data.equals(bytes)).toBe(true);
    await storage.delete('photos/abc/sm.jpg');
    expect(await storage.get('photos/abc/sm.jpg')).toBeNull();
    // Deleting what is gone is not an error.
    await storage.delete('photos/abc/sm.jpg');
  });

  it('answers null for a key that was never stored', async () => {
    expect(await new S3PhotoStorage(settings).get('photos/nada/lg.jpg')).toBeNull();
  });

  // s3rver parses the Authorization header and checks the access key, but does not verify V4
  // signatures (its own note); the signature itself is proven by AWS's examples above.
  it('sends the credential in the Authorization header (an unknown access key is refused)', async () => {
    const storage = new S3PhotoStorage({ ...settings, accessKeyId: 'NO-EXISTE' });
    await expect(storage.put('photos/x/sm.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/HTTP 403 InvalidAccessKeyId/);
  });

  it('refuses keys that could escape the bucket prefix', () => {
    const storage = new S3PhotoStorage(settings);
    expect(() => storage.urlOf('../otro/sm.jpg')).toThrow(/Invalid storage key/);
    expect(storage.urlOf('photos/a/sm.jpg').toString()).toBe(`${settings.endpoint}/fotos/photos/a/sm.jpg`);
    expect(new S3PhotoStorage({ ...settings, endpoint: 'https://s3.us-east-1.amazonaws.com', forcePathStyle: false }).urlOf('photos/a/sm.jpg').toString()).toBe(
      'https://fotos.s3.us-east-1.amazonaws.com/photos/a/sm.jpg',
    );
  });
});

describe('choosing the photo storage from the environment', () => {
  const s3Env = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'arreglaya-fotos',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'clave',
    S3_SECRET_ACCESS_KEY: 'secreto',
    S3_FORCE_PATH_STYLE: '1',
  };

  it('uses S3 when the S3_* variables are set, the disk under DATA_DIR otherwise', () => {
    const s3 = defaultPhotoStorage(loadConfig({ DATA_DIR: '/tmp/x', ...s3Env }));
    expect(s3).toBeInstanceOf(S3PhotoStorage);
    expect((s3 as S3PhotoStorage).urlOf('photos/a/sm.jpg').toString()).toBe('http://127.0.0.1:9000/arreglaya-fotos/photos/a/sm.jpg');
    expect(defaultPhotoStorage(loadConfig({ DATA_DIR: '/tmp/x' }))).toBeInstanceOf(DiskPhotoStorage);
  });

  it('refuses to start with only some of them, or a bad value, naming the variable', () => {
    expect(() => loadConfig({ S3_ENDPOINT: s3Env.S3_ENDPOINT, S3_BUCKET: s3Env.S3_BUCKET })).toThrow(
      /S3_ENDPOINT: S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() => loadConfig({ ...s3Env, S3_ENDPOINT: 'ftp://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...s3Env, S3_BUCKET: 'Mi_Cubo' })).toThrow(/S3_BUCKET: must be a bucket name/);
  });
});
