/** What the photo route knows of the project a photo belongs to (none for avatars and portfolio photos). */
export interface PhotoProject {
  status: string;
  clientId: string;
  contractorId: string | null;
  disputedAt: Date | null;
  /** A photo of the finished work (added by the hired contractor), not one of the request's. */
  delivery: boolean;
}

export interface PhotoViewer {
  id: string;
  role: string;
}

/** Avatars and portfolio photos: the same for everyone and never changed (a new upload is a new id). */
export const PUBLIC_PHOTO_CACHE = 'public, max-age=31536000, immutable';
/**
 * A request's photo while the project is open: public, but kept by caches for ten minutes only,
 * so that once the project is hired a cache stops showing it soon after (issue 30).
 */
export const OPEN_PROJECT_PHOTO_CACHE = 'public, max-age=600';
/** A photo only its people may see: their own browser keeps it, no shared cache does (as chat photos). */
export const PRIVATE_PHOTO_CACHE = 'private, max-age=86400';

/**
 * Who may see a project's photo (issue 30, decision 012). The request's photos of an open project
 * are public (the project list shows them to every contractor). Once the project is hired (or
 * closed), and for every photo of the finished work, only its client, its hired contractor and a
 * sysadmin on a claim (a project that is or was disputed, as for the claim's conversation,
 * decision 027) may: the answer's Cache-Control, or null for anyone else (the route answers 404,
 * as for a photo that does not exist).
 */
export function projectPhotoAccess(project: PhotoProject, viewer: PhotoViewer | null): string | null {
  if (project.status === 'created' && !project.delivery) return OPEN_PROJECT_PHOTO_CACHE;
  if (!viewer) return null;
  const own = viewer.id === project.clientId || (project.contractorId !== null && viewer.id === project.contractorId);
  const onClaim = viewer.role === 'sysadmin' && (project.status === 'disputed' || project.disputedAt !== null);
  return own || onClaim ? PRIVATE_PHOTO_CACHE : null;
}
