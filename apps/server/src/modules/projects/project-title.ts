import type { DbOrTx } from '../../db/client.ts';
import { findProjectTitle } from './projects.repository.ts';

/**
 * A project's title, for another module that names the project in its own words (the chat's
 * message-while-away notice): null for an unknown id. Modules read projects through here, never
 * with SQL of their own on the projects table (decision 001, "Layers").
 */
export async function projectTitle(db: DbOrTx, projectId: string): Promise<string | null> {
  return (await findProjectTitle(db, projectId)) ?? null;
}
