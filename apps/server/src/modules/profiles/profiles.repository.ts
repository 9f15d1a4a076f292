import { SERVICE_RADIUS_DEFAULT_KM } from '@arreglaya/shared/places';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { ClientProfile, ContractorProfile } from '@arreglaya/shared/schemas/profile';
import type { DbOrTx } from '../../db/client.ts';
import { clientProfiles, contractorProfiles, users } from '../../db/schema/index.ts';

type Nullable<T> = { [K in keyof T]: Exclude<T[K], undefined> | null };

const personColumns = {
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  country: users.country,
  avatarPhotoId: users.avatarPhotoId,
} as const;

export async function findClientProfile(db: DbOrTx, userId: string): Promise<ClientProfile | undefined> {
  const [row] = await db
    .select({
      ...personColumns,
      address: clientProfiles.address,
      city: clientProfiles.city,
      zone: clientProfiles.zone,
      facebook: clientProfiles.facebook,
      instagram: clientProfiles.instagram,
      linkedin: clientProfiles.linkedin,
    })
    .from(users)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** The contractor's own profile as stored: the cédula still sealed (the service opens it). */
export type StoredContractorProfile = Omit<ContractorProfile, 'cedula'> & { cedulaEnc: Buffer | null; lat: number | null; lng: number | null };

export async function findContractorProfile(db: DbOrTx, userId: string): Promise<StoredContractorProfile | undefined> {
  const [row] = await db
    .select({
      ...personColumns,
      address: contractorProfiles.address,
      city: contractorProfiles.city,
      zone: contractorProfiles.zone,
      facebook: contractorProfiles.facebook,
      instagram: contractorProfiles.instagram,
      linkedin: contractorProfiles.linkedin,
      companyName: contractorProfiles.companyName,
      cedulaEnc: contractorProfiles.cedulaEnc,
      serviceTypes: contractorProfiles.serviceTypes,
      description: contractorProfiles.description,
      postalCode: contractorProfiles.postalCode,
      profileCountry: contractorProfiles.country,
      baseSector: contractorProfiles.baseSector,
      serviceRadiusKm: contractorProfiles.serviceRadiusKm,
      lat: contractorProfiles.lat,
      lng: contractorProfiles.lng,
    })
    .from(users)
    .leftJoin(contractorProfiles, eq(contractorProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const { profileCountry, serviceTypes, serviceRadiusKm, ...rest } = row;
  // The contractor's country is the profile's (where they work) once they have one.
  return { ...rest, country: profileCountry ?? rest.country, serviceTypes: serviceTypes ?? [], serviceRadiusKm: serviceRadiusKm ?? SERVICE_RADIUS_DEFAULT_KM };
}

export async function updatePerson(db: DbOrTx, userId: string, person: { firstName: string; lastName: string; phone: string; country: ClientProfile['country'] }): Promise<void> {
  await db
    .update(users)
    .set({ ...person, name: `${person.firstName} ${person.lastName}` })
    .where(eq(users.id, userId));
}

export type ClientProfileRow = Nullable<Pick<ClientProfile, 'address' | 'city' | 'zone' | 'facebook' | 'instagram' | 'linkedin'>>;

export async function upsertClientProfile(db: DbOrTx, userId: string, values: ClientProfileRow): Promise<void> {
  await db
    .insert(clientProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: clientProfiles.userId, set: { ...values, updatedAt: new Date() } });
}

export type ContractorProfileRow = Nullable<
  Pick<ContractorProfile, 'address' | 'city' | 'zone' | 'facebook' | 'instagram' | 'linkedin' | 'companyName' | 'description' | 'postalCode'>
> & {
  cedulaEnc: Buffer;
  cedulaIndex: Buffer;
  country: ContractorProfile['country'];
  serviceTypes: ContractorProfile['serviceTypes'];
  displayName: string;
  baseSector: string | null;
  serviceRadiusKm: number;
  lat: number | null;
  lng: number | null;
};

export async function upsertContractorProfile(db: DbOrTx, userId: string, values: ContractorProfileRow): Promise<void> {
  await db
    .insert(contractorProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: contractorProfiles.userId, set: { ...values, updatedAt: new Date() } });
}

/** Seals the plaintext cédulas written before they were encrypted (decision 010); returns how many. */
export async function sealLegacyContractorCedulas(db: DbOrTx, seal: (cedula: string) => Buffer, index: (cedula: string) => Buffer): Promise<number> {
  const rows = await db.select({ userId: contractorProfiles.userId, cedula: contractorProfiles.cedula }).from(contractorProfiles).where(isNotNull(contractorProfiles.cedula));
  for (const row of rows) {
    await db
      .update(contractorProfiles)
      .set({ cedulaEnc: seal(row.cedula!), cedulaIndex: index(row.cedula!.trim()), cedula: null })
      .where(and(eq(contractorProfiles.userId, row.userId), eq(contractorProfiles.cedula, row.cedula!)));
  }
  return rows.length;
}

/** Sealed cédulas without their blind index (sealed before migration 0014); up to `limit`. */
export async function findUnindexedCedulas(db: DbOrTx, limit: number): Promise<{ userId: string; cedulaEnc: Buffer }[]> {
  const rows = await db
    .select({ userId: contractorProfiles.userId, cedulaEnc: contractorProfiles.cedulaEnc })
    .from(contractorProfiles)
    .where(and(isNotNull(contractorProfiles.cedulaEnc), isNull(contractorProfiles.cedulaIndex)))
    .limit(limit);
  return rows.map((r) => ({ userId: r.userId, cedulaEnc: r.cedulaEnc! }));
}

export async function setCedulaIndex(db: DbOrTx, userId: string, cedulaEnc: Buffer, index: Buffer): Promise<void> {
  await db
    .update(contractorProfiles)
    .set({ cedulaIndex: index })
    .where(and(eq(contractorProfiles.userId, userId), eq(contractorProfiles.cedulaEnc, cedulaEnc)));
}
