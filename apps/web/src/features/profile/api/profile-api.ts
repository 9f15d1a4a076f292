import type { z } from 'zod';
import type { ClientProfile, ClientProfileSchema, ContractorProfile, ContractorProfileSchema, PhotoUploaded } from '@arreglaya/shared/schemas/profile';
import { api } from '@/lib/api.ts';
import { uploadPhotoTo, type UploadProgress } from '@/lib/upload.ts';

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

/** POST /api/me/photo (multipart, with its progress); failures are the app's ApiError with the server's Spanish message. */
export const uploadPhoto = (file: File, onProgress?: UploadProgress) => uploadPhotoTo<PhotoUploaded>('/api/me/photo', file, onProgress);

export const removePhoto = () => api.delete<{ message: string }>('/api/me/photo');
