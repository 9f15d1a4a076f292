import type { JOB_STATUSES, ProjectDetail } from '@arreglaya/shared/schemas/projects';
import type { Quote, QuoteInput } from '@arreglaya/shared/schemas/quotes';
import type { Offer } from '@arreglaya/shared/schemas/quotes';
import type { Currency } from '@arreglaya/shared/domain';
import type { ProjectStatus, QuoteStatus } from '@arreglaya/shared/lifecycles';
import type { OpenProject } from '@arreglaya/shared/schemas/projects';
import { api } from '@/lib/api.ts';
import { uploadPhotoTo, type UploadProgress } from '@/lib/upload.ts';

export type JobStatus = (typeof JOB_STATUSES)[number];
export type MyQuote = Quote & { project: { id: string; title: string; status: ProjectStatus } };
export type MyJob = OpenProject & { agreedPriceMinor: number; currency: Currency };
export interface QuoteSaved {
  message: string;
  quote: Quote;
}

/** Cache keys carry the contractor's id, so another person signing in never sees these. */
export const quoteKeys = {
  all: (userId: string) => ['quotes', userId] as const,
  mine: (userId: string, status: QuoteStatus | null) => ['quotes', userId, 'mine', status ?? 'all'] as const,
  onProject: (userId: string, projectId: string) => ['quotes', userId, 'project', projectId] as const,
  jobs: (userId: string, status: JobStatus | null) => ['quotes', userId, 'jobs', status ?? 'all'] as const,
};

const id = encodeURIComponent;

export const fetchMyQuotes = (status: QuoteStatus | null, signal?: AbortSignal) =>
  api.get<{ items: MyQuote[] }>(status ? `/api/me/quotes?status=${status}` : '/api/me/quotes', signal).then((r) => r.items);
export const fetchMyJobs = (status: JobStatus | null, signal?: AbortSignal) =>
  api.get<{ items: MyJob[] }>(status ? `/api/me/jobs?status=${status}` : '/api/me/jobs', signal).then((r) => r.items);

/** The contractor's own offers on a project (the API gives a contractor only theirs), newest first. */
export const fetchMyOffers = (projectId: string, signal?: AbortSignal) => api.get<{ items: Offer[] }>(`/api/projects/${id(projectId)}/quotes`, signal).then((r) => r.items);

export const sendQuote = (projectId: string, body: QuoteInput) => api.post<QuoteSaved>(`/api/projects/${id(projectId)}/quotes`, body);
export const withdrawQuote = (quoteId: string) => api.post<QuoteSaved>(`/api/quotes/${id(quoteId)}/withdraw`, {});
export const answerCounter = (quoteId: string, accept: boolean) => api.post<QuoteSaved>(`/api/quotes/${id(quoteId)}/counter/answer`, { accept });
export const changeStatus = (projectId: string, status: 'in_progress' | 'delivered', note?: string) =>
  api.post<{ message: string; status: ProjectStatus }>(`/api/projects/${id(projectId)}/status`, note ? { status, note } : { status });

export const addDeliveryPhoto = (projectId: string, file: File, onProgress?: UploadProgress) =>
  uploadPhotoTo<{ message: string }>(`/api/projects/${id(projectId)}/delivery-photos`, file, onProgress);

export type { ProjectDetail };
