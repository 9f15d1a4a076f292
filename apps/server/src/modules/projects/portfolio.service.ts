import { projects as tp } from '@arreglaya/shared/i18n/projects';
import { PROJECT_PHOTOS_MAX } from '@arreglaya/shared/schemas/projects';
import { PORTFOLIO_MAX_ENTRIES, type PortfolioEntry, type PortfolioInputSchema } from '@arreglaya/shared/schemas/portfolio';
import type { z } from 'zod';
import { refreshContractorTrust } from '../../db/contractor-trust.ts';
import { AppError } from '../../lib/app-error.ts';
import { removeFiles, storeUpload, type PhotoDeps } from '../media/photo-files.ts';
import { addEntryPhoto, countEntries, deleteEntry, insertEntry, listEntries, lockOwnEntry, updateEntry } from './portfolio.repository.ts';
import { findListedContractor } from '../directory/directory.service.ts';

// A contractor's portfolio ('Registrar proyecto', /profile/nuevoproyecto; docs/spec-decisions.md):
// finished jobs they record themselves, with photos, shown on their public page.

type PortfolioData = z.output<typeof PortfolioInputSchema>;

const notFound = () => new AppError('NOT_FOUND', tp.portfolio.notFound);

async function one(deps: PhotoDeps, contractorId: string, id: string): Promise<PortfolioEntry> {
  const [entry] = await listEntries(deps.db, contractorId, id);
  if (!entry) throw notFound();
  return entry;
}

export async function addEntry(deps: PhotoDeps, contractorId: string, data: PortfolioData): Promise<PortfolioEntry> {
  const id = await deps.db.transaction(async (tx) => {
    if ((await countEntries(tx, contractorId)) >= PORTFOLIO_MAX_ENTRIES) throw new AppError('CONFLICT', tp.portfolio.tooMany(PORTFOLIO_MAX_ENTRIES));
    return insertEntry(tx, contractorId, data);
  });
  return one(deps, contractorId, id);
}

export async function editEntry(deps: PhotoDeps, contractorId: string, id: string, data: PortfolioData): Promise<PortfolioEntry> {
  await deps.db.transaction(async (tx) => {
    if (!(await lockOwnEntry(tx, contractorId, id))) throw notFound();
    await updateEntry(tx, id, data);
    // Its date may reorder the card's thumbnails (decision 043).
    await refreshContractorTrust(tx, [contractorId]);
  });
  return one(deps, contractorId, id);
}

export async function removeEntry(deps: PhotoDeps, contractorId: string, id: string): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    if (!(await lockOwnEntry(tx, contractorId, id))) throw notFound();
    const removed = await deleteEntry(tx, id);
    await refreshContractorTrust(tx, [contractorId]);
    return removed;
  });
  for (const key of keys) await removeFiles(deps, key);
}

export async function addEntryPhotoUpload(deps: PhotoDeps, contractorId: string, id: string, upload: Buffer): Promise<PortfolioEntry> {
  await storeUpload(deps, contractorId, upload, async (tx, photo) => {
    if (!(await lockOwnEntry(tx, contractorId, id))) throw notFound();
    const before = await addEntryPhoto(tx, id, photo);
    if (before >= PROJECT_PHOTOS_MAX) {
      const message = tp.tooManyPhotos(PROJECT_PHOTOS_MAX);
      throw new AppError('CONFLICT', message, { photo: message });
    }
    // The card shows the portfolio's first photos (decision 043).
    await refreshContractorTrust(tx, [contractorId]);
  });
  return one(deps, contractorId, id);
}

export async function myPortfolio(deps: PhotoDeps, contractorId: string): Promise<PortfolioEntry[]> {
  return listEntries(deps.db, contractorId);
}

/** A listed contractor's public portfolio; 404 for anyone else (banned, deleted, not a contractor). */
export async function publicPortfolio(deps: PhotoDeps, contractorId: string): Promise<PortfolioEntry[]> {
  if (!(await findListedContractor(deps.db, contractorId))) throw new AppError('NOT_FOUND');
  return listEntries(deps.db, contractorId);
}
