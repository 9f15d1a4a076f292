import { ERROR_CODES, type ErrorCode } from '@arreglaya/shared/errors';
import { apiErrors } from '@arreglaya/shared/i18n/common';
import type { z } from 'zod';
import type { ClientProfile, ClientProfileSchema, ContractorProfile, ContractorProfileSchema, PhotoUploaded } from '@arreglaya/shared/schemas/profile';
import { ApiError, api } from '@/lib/api.ts';

export const profileKeys = {
  client: (userId: string) => ['profile', userId, 'client'] as const,
  contractor: (userId: string) => ['profile', userId, 'contractor'] as const,
};

export const fetchClientProfile = (signal?: AbortSignal) => api.get<ClientProfile>('/api/me/profile/client', signal);
export const saveClientProfile = (body: z.input<typeof ClientProfileSchema>) => api.put<{ message: string; profile: ClientProfile }>('/api/me/profile/client', body);

export const fetchContractorProfile = (signal?: AbortSignal) => api.get<ContractorProfile>('/api/me/profile/contractor', signal);
export const saveContractorProfile = (body: z.input<typeof ContractorProfileSchema>) =>
  api.put<{ message: string; profile: ContractorProfile }>('/api/me/profile/contractor', body);

/** A photo's URL in one of the stored sizes (sm 96 px, md 320 px, lg up to 960 px). */
export const photoUrl = (photoId: string, size: 'sm' | 'md' | 'lg' = 'md') => `/api/photos/${photoId}/${size}`;

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * POST /api/me/photo as multipart (api.ts sends JSON only). Failures become the same ApiError
 * the rest of the app reads, with the server's Spanish message.
 */
export async function uploadPhoto(file: File): Promise<PhotoUploaded> {
  const form = new FormData();
  form.append('photo', file);
  let response: Response;
  try {
    response = await fetch('/api/me/photo', { method: 'POST', body: form, credentials: 'same-origin', headers: { accept: 'application/json', 'x-requested-with': 'arreglaya' } });
  } catch {
    throw new ApiError(0, 'UNAVAILABLE', apiErrors.UNAVAILABLE);
  }
  const body = (await response.json().catch(() => undefined)) as { error?: { code?: unknown; message?: unknown; fields?: Record<string, string> } } | PhotoUploaded | undefined;
  if (response.ok && body && 'avatarPhotoId' in body) return body;
  const error = body && 'error' in body ? body.error : undefined;
  if (error && isErrorCode(error.code) && typeof error.message === 'string') throw new ApiError(response.status, error.code, error.message, error.fields);
  throw new ApiError(response.status, 'INTERNAL', apiErrors.INTERNAL);
}

export const removePhoto = () => api.delete<{ message: string }>('/api/me/photo');
