import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES, type ErrorCode } from '@arreglaya/shared/errors';
import { apiErrors } from '@arreglaya/shared/i18n/common';
import type { AdminVerificationQueue, IdentityRequest, MyVerifications, PublicBadges, VerificationDecision } from '@arreglaya/shared/schemas/verification';
import { api, ApiError } from '@/lib/api.ts';

// Verification badges (docs/decisions/056-verification-badges.md): the contractor's requests, the
// public badges and the console's queue. Cache keys carry the viewer's id where the data is theirs.

export const verificationKeys = {
  mine: (userId: string) => ['verifications', 'mine', userId] as const,
  public: (contractorId: string) => ['verifications', 'public', contractorId] as const,
  queue: (userId: string) => ['verifications', 'queue', userId] as const,
};

export function useMyVerifications(userId: string) {
  return useQuery({ queryKey: verificationKeys.mine(userId), queryFn: ({ signal }) => api.get<MyVerifications>('/api/me/verifications', signal) });
}

export function usePublicBadges(contractorId: string) {
  return useQuery({
    queryKey: verificationKeys.public(contractorId),
    queryFn: ({ signal }) => api.get<PublicBadges>(`/api/contractors/${encodeURIComponent(contractorId)}/verifications`, signal),
  });
}

export function useRequestIdentity(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IdentityRequest) => api.post<{ message: string }>('/api/me/verifications/identity', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: verificationKeys.mine(userId) }),
  });
}

const isErrorCode = (v: unknown): v is ErrorCode => typeof v === 'string' && (ERROR_CODES as readonly string[]).includes(v);

/** The certificate and its fields as one multipart form (api.ts sends JSON only). */
async function sendDocument(form: FormData): Promise<{ message: string }> {
  let res: Response;
  try {
    res = await fetch('/api/me/verifications/documents', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'x-requested-with': 'arreglaya' },
    });
  } catch {
    throw new ApiError(0, 'UNAVAILABLE', apiErrors.UNAVAILABLE);
  }
  const body = (await res.json().catch(() => undefined)) as { message?: string; error?: { code?: unknown; message?: unknown; fields?: Record<string, string> } } | undefined;
  if (res.ok && body?.message) return { message: body.message };
  const e = body?.error;
  if (e && isErrorCode(e.code) && typeof e.message === 'string') throw new ApiError(res.status, e.code, e.message, e.fields);
  throw new ApiError(res.status, 'INTERNAL', apiErrors.INTERNAL);
}

export function useRequestDocument(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendDocument, onSuccess: () => queryClient.invalidateQueries({ queryKey: verificationKeys.mine(userId) }) });
}

export function useVerificationQueue(userId: string) {
  return useQuery({ queryKey: verificationKeys.queue(userId), queryFn: ({ signal }) => api.get<AdminVerificationQueue>('/api/admin/verifications', signal) });
}

export function useDecide(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: VerificationDecision & { id: string }) => api.post<{ message: string }>(`/api/admin/verifications/${encodeURIComponent(id)}/decision`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: verificationKeys.queue(userId) }),
  });
}
