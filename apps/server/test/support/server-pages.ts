import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceType } from '@arreglaya/shared/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { contractorProfiles, users } from '../../src/db/schema/index.ts';
import { createUser } from './factories.ts';

// What the tests of server-rendered pages share (decisions 018, 044): the web app's renderer (its
// source, the module the build bundles into dist-ssr/entry-server.js), a shell like the built
// index.html, and a listed contractor.

export const RENDERER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/src/prerender/entry-server.tsx');

export const SHELL = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="La descripción del shell." />
    <title>Shell</title>
  </head>
  <body>
    <div id="root"><div class="boot-spinner" role="status"></div></div>
  </body>
</html>`;

/** A contractor named `name` offering `services` in Santo Domingo (listed), with `profile` over it; their id. */
export async function listedContractor(db: Db, name: string, services: ServiceType[], profile: Partial<typeof contractorProfiles.$inferInsert> = {}): Promise<string> {
  const [first, ...rest] = name.split(' ');
  const u = await createUser(db, { role: 'contractor', firstName: first! });
  await db
    .update(users)
    .set({ firstName: first!, lastName: rest.join(' '), name })
    .where(eq(users.id, u.id));
  await db
    .update(contractorProfiles)
    .set({ displayName: name, serviceTypes: services, city: 'santo-domingo', ...profile })
    .where(eq(contractorProfiles.userId, u.id));
  return u.id;
}
