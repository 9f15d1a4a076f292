import type { PortfolioEntry, PortfolioInput } from '@arreglaya/shared/schemas/portfolio';
import { api } from '@/lib/api.ts';
import { uploadPhotoTo, type UploadProgress } from '@/lib/upload.ts';

export const portfolioKeys = {
  mine: (userId: string) => ['portfolio', userId, 'mine'] as const,
  public: (contractorId: string) => ['portfolio', 'public', contractorId] as const,
};

interface Saved {
  message: string;
  entry: PortfolioEntry;
}

const id = encodeURIComponent;
export const fetchMyPortfolio = (signal?: AbortSignal) => api.get<{ items: PortfolioEntry[] }>('/api/me/portfolio', signal).then((r) => r.items);
export const fetchPublicPortfolio = (contractorId: string, signal?: AbortSignal) =>
  api.get<{ items: PortfolioEntry[] }>(`/api/contractors/${id(contractorId)}/portfolio`, signal).then((r) => r.items);
export const createEntry = (body: PortfolioInput) => api.post<Saved>('/api/me/portfolio', body);
export const updateEntry = (entryId: string, body: PortfolioInput) => api.put<Saved>(`/api/me/portfolio/${id(entryId)}`, body);
export const deleteEntry = (entryId: string) => api.delete<{ message: string }>(`/api/me/portfolio/${id(entryId)}`);
export const addEntryPhoto = (entryId: string, file: File, onProgress?: UploadProgress) => uploadPhotoTo<Saved>(`/api/me/portfolio/${id(entryId)}/photos`, file, onProgress);
