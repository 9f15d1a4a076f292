import type { CountryCode } from '@arreglaya/shared/countries';
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { LISTED } from '../../db/contractor-listing.ts';
import { contractorProfiles, notificationPreferences, projectAlerts, projects, users } from '../../db/schema/index.ts';
import { wantsMailWhere } from '../notifications/notifications.service.ts';

// Who is told of a new project (decision 036): the one rule the immediate alert, the daily digest
// and the client's "Coincidencias" share, and the one place a later channel (WhatsApp, SMS, Web
// Push) asks "who gets this project" from.

/**
 * A project is for a contractor when it is open, in their country and city, and needs one of their
 * services. `c` is either a contractor's values (the digest) or contractor_profiles' columns.
 */
export function projectFits(c: { country: CountryCode | AnyColumn; city: string | null | AnyColumn; services: SQL }): SQL {
  return and(
    eq(projects.status, 'created'),
    eq(projects.country, c.country),
    c.city === null ? sql`false` : eq(projects.city, c.city),
    sql`${projects.serviceTypes} && ${c.services}`,
  )!;
}

/** The rule with contractor_profiles' columns (a query joining projects and contractor_profiles). */
export const fitsProfile = (): SQL => projectFits({ country: contractorProfiles.country, city: contractorProfiles.city, services: sql`${contractorProfiles.serviceTypes}` });

/**
 * The contractors to alert at once of a project: listed (not banned, deleted or unconfirmed), not
 * the project's client, with immediate alerts on, the project fits them (projectFits), and not yet
 * told of it by this kind. A query over projects ⋈ contractor_profiles ⋈ users ⋈ preferences
 * (alertAudienceFrom) with these conditions; a channel adds its own `kind` and its own `wants`
 * (the outside channels: per channel, in the delivery's insert, decision 038).
 */
export function alertAudienceWhere(projectId: string, kind: string, wants: SQL = wantsMailWhere('immediate')): SQL {
  return and(
    eq(projects.id, projectId),
    LISTED,
    sql`${users.id} <> ${projects.clientId}`,
    wants,
    fitsProfile(),
    sql`NOT EXISTS (SELECT 1 FROM ${projectAlerts} WHERE ${projectAlerts.projectId} = ${projects.id} AND ${projectAlerts.recipientId} = ${users.id} AND ${projectAlerts.kind} = ${kind})`,
  )!;
}

/** The FROM of the audience: the project with its fitting contractors' profiles, accounts and preferences. */
export const alertAudienceFrom = sql`${projects}
  JOIN ${contractorProfiles} ON ${fitsProfile()}
  JOIN ${users} ON ${users.id} = ${contractorProfiles.userId}
  LEFT JOIN ${notificationPreferences} ON ${notificationPreferences.userId} = ${users.id}`;
