import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectionErrorCode, isDatabaseUnavailable } from './connection-errors.ts';

/** The error Node gives for a connection to `options`, as the driver would meet it. */
function connectError(options: net.NetConnectOpts): Promise<Error> {
  return new Promise((resolve) => net.connect(options).on('error', resolve));
}

describe('connection errors', () => {
  it('a Unix socket whose file is gone (PostgreSQL stopped or restarting) is the database away', async () => {
    const err = await connectError({ path: path.join(os.tmpdir(), `arreglaya-no-such-socket-${process.pid}`, '.s.PGSQL.5432') });
    expect(connectionErrorCode(new Error('query failed', { cause: err }))).toBe('ENOENT');
  });

  it('a refused TCP connection is the database away', async () => {
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((r) => server.close(r));
    expect(connectionErrorCode(await connectError({ host: '127.0.0.1', port }))).toBe('ECONNREFUSED');
  });

  it('a missing file elsewhere is not', () => {
    const err = Object.assign(new Error('ENOENT: no such file or directory, open'), { code: 'ENOENT', syscall: 'open' });
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
