import { favourites as t } from '@arreglaya/shared/i18n/favourites';
import { MAX_FAVOURITES, type FavouriteState, type FavouritesList, type FavouritesQuery } from '@arreglaya/shared/schemas/directory';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findListedContractor, toContractorCard } from '../directory/directory.service.ts';
import { countFavourites, deleteFavourite, insertFavourite, listFavouriteCards, listFavouriteIds, shiftFavouritesCount } from './favourites.repository.ts';

// Favourites belong to the signed-in client: every function takes the owner from the session
// (the route passes req.user.id), never from the request, so nobody reaches another's list.

export async function listFavourites(db: Db, clientId: string, query: FavouritesQuery): Promise<FavouritesList> {
  const { rows, total } = await listFavouriteCards(db, clientId, { service: query.service, limit: MAX_FAVOURITES });
  const now = new Date();
  return { items: rows.map((r) => toContractorCard(r, now)), total };
}

export async function favouriteIds(db: Db, clientId: string): Promise<string[]> {
  return listFavouriteIds(db, clientId);
}

/**
 * Idempotent add. The contractor's favourites_count moves only when a row is really
 * inserted, in the same transaction, so a repeated or concurrent PUT never counts twice.
 */
export async function addFavourite(db: Db, clientId: string, contractorId: string): Promise<FavouriteState> {
  return db.transaction(async (tx) => {
    if (!(await findListedContractor(tx, contractorId))) throw new AppError('NOT_FOUND', t.contractorNotFound);
    if (await insertFavourite(tx, clientId, contractorId)) {
      if ((await countFavourites(tx, clientId)) > MAX_FAVOURITES) throw new AppError('CONFLICT', t.tooMany(MAX_FAVOURITES));
      await shiftFavouritesCount(tx, contractorId, 1);
    }
    return { contractorId, favourite: true };
  });
}

/**
 * Idempotent remove. A favourite of a contractor who has since been banned can still be
 * removed; removing nothing from an unknown contractor is a 404.
 */
export async function removeFavourite(db: Db, clientId: string, contractorId: string): Promise<FavouriteState> {
  return db.transaction(async (tx) => {
    if (await deleteFavourite(tx, clientId, contractorId)) {
      await shiftFavouritesCount(tx, contractorId, -1);
    } else if (!(await findListedContractor(tx, contractorId))) {
      throw new AppError('NOT_FOUND', t.contractorNotFound);
    }
    return { contractorId, favourite: false };
  });
}
