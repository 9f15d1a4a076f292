import { storedPlace } from '@arreglaya/shared/places';
import type { ClientProfile, ClientProfileUpdate, ContractorProfile, ContractorProfileUpdate } from '@arreglaya/shared/schemas/profile';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DataCipher } from '../../lib/data-encryption.ts';
import {
  findClientProfile,
  findContractorProfile,
  findUnindexedCedulas,
  sealLegacyContractorCedulas,
  setCedulaIndex,
  updatePerson,
  upsertClientProfile,
  upsertContractorProfile,
  type StoredContractorProfile,
} from './profiles.repository.ts';

export interface ProfilesDeps {
  db: Db;
  /** Seals and opens the cédula, encrypted at rest (decision 010). */
  cipher: DataCipher;
}

// Every function acts on the signed-in person's own id (the routes pass req.user.id): there is
// no way to name someone else's profile, so nobody can read or change another's.

export async function getClientProfile(deps: ProfilesDeps, userId: string): Promise<ClientProfile> {
  const profile = await findClientProfile(deps.db, userId);
  if (!profile) throw new AppError('NOT_FOUND');
  return profile;
}

/** The user row (names, phone, country) and the client profile change together. */
export async function saveClientProfile(deps: ProfilesDeps, userId: string, input: ClientProfileUpdate): Promise<ClientProfile> {
  return deps.db.transaction(async (tx) => {
    await updatePerson(tx, userId, { firstName: input.firstName, lastName: input.lastName, phone: input.phone, country: input.country });
    await upsertClientProfile(tx, userId, {
      address: input.address,
      city: input.city ?? null,
      zone: input.zone ?? null,
      facebook: input.facebook ?? null,
      instagram: input.instagram ?? null,
      linkedin: input.linkedin ?? null,
    });
    const saved = await findClientProfile(tx, userId);
    if (!saved) throw new AppError('NOT_FOUND');
    return saved;
  });
}

/** The owner's view: the cédula opened, the location left out. */
function ownView(deps: ProfilesDeps, stored: StoredContractorProfile): ContractorProfile {
  const { lat: _lat, lng: _lng, cedulaEnc, ...owned } = stored;
  return { ...owned, cedula: cedulaEnc ? deps.cipher.open(cedulaEnc) : null };
}

export async function getContractorProfile(deps: ProfilesDeps, userId: string): Promise<ContractorProfile> {
  const profile = await findContractorProfile(deps.db, userId);
  if (!profile) throw new AppError('NOT_FOUND');
  return ownView(deps, profile);
}

/**
 * Where the contractor has their base (decision 042): the chosen place's coordinates
 * (places.ts), or none without a place: a card never shows a distance from an invented point.
 * The schema only lets through a place of the contractor's city.
 */
export function contractorBase(baseSector: string | undefined): { baseSector: string | null; lat: number | null; lng: number | null } {
  const { slug, lat, lng } = storedPlace(baseSector);
  return { baseSector: slug, lat, lng };
}

/**
 * Names, phone and country on the user row; the rest on the contractor profile, whose
 * display_name (what search indexes) follows the first and last name; all in one transaction.
 */
export async function saveContractorProfile(deps: ProfilesDeps, userId: string, input: ContractorProfileUpdate): Promise<ContractorProfile> {
  return deps.db.transaction(async (tx) => {
    const current = await findContractorProfile(tx, userId);
    if (!current) throw new AppError('NOT_FOUND');
    const city = input.city!;
    await updatePerson(tx, userId, { firstName: input.firstName, lastName: input.lastName, phone: input.phone, country: input.country });
    await upsertContractorProfile(tx, userId, {
      displayName: `${input.firstName} ${input.lastName}`,
      companyName: input.companyName,
      cedulaEnc: deps.cipher.seal(input.cedula),
      cedulaIndex: deps.cipher.index(input.cedula),
      serviceTypes: input.serviceTypes,
      description: input.description,
      address: input.address,
      postalCode: input.postalCode ?? null,
      country: input.country,
      city,
      zone: input.zone ?? null,
      ...contractorBase(input.baseSector),
      serviceRadiusKm: input.serviceRadiusKm,
      facebook: input.facebook ?? null,
      instagram: input.instagram ?? null,
      linkedin: input.linkedin ?? null,
    });
    return ownView(deps, (await findContractorProfile(tx, userId))!);
  });
}

/** At start: cédulas stored in the clear before they were encrypted are sealed (decision 010). */
export function sealLegacyCedulas(deps: ProfilesDeps): Promise<number> {
  return sealLegacyContractorCedulas(
    deps.db,
    (cedula) => deps.cipher.seal(cedula),
    (cedula) => deps.cipher.index(cedula),
  );
}

/**
 * At start: sealed cédulas without their blind index (written before migration 0014) get it, so
 * the console finds them by cédula (decision 025). Once per row; safe with several instances.
 */
export async function indexCedulas(deps: ProfilesDeps): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await findUnindexedCedulas(deps.db, 200);
    if (rows.length === 0) return done;
    for (const r of rows) await setCedulaIndex(deps.db, r.userId, r.cedulaEnc, deps.cipher.index(deps.cipher.open(r.cedulaEnc)));
    done += rows.length;
  }
}
