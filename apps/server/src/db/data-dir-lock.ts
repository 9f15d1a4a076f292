import fs from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One server per DATA_DIR. The lock file holds the owner's pid; a lock whose process
 * is gone (a crash, a SIGKILL) is stale and taken over. Creation with O_EXCL makes two
 * servers starting at the same moment race safely.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      fs.writeSync(fd, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      return () => {
        try {
          const owner = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as { pid: number };
          if (owner.pid === process.pid) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let ownerPid: number | undefined;
      try {
        ownerPid = (JSON.parse(fs.readFileSync(lockPath, 'utf8')) as { pid?: number }).pid;
      } catch {
        // Unreadable or half-written lock: the writer died before finishing it.
      }
      if (ownerPid !== undefined && ownerPid !== process.pid && isAlive(ownerPid)) {
        throw new DataDirInUseError(
          `DATA_DIR ${dataDir} is already in use by another ArreglaYa server (pid ${ownerPid}). ` +
            'Stop that server, or give this one its own DATA_DIR, or point both at one PostgreSQL with DATABASE_URL.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock DATA_DIR ${dataDir}: another server keeps taking the lock.`);
}

export { isAlive };
