import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@arreglaya/shared/schemas/auth';
import type { ClientInvitation, InvitationCounts, InvitationView, InviteTecnicoSchema, JoinInvitationInput } from '@arreglaya/shared/schemas/invitations';
import type { z } from 'zod';
import { api } from '@/lib/api.ts';
import { refreshSession } from '@/lib/session-user.ts';

// Invite your técnico (decision 064): the client's invitation and the técnico's link.

const invitationKey = (token: string) => ['invitation', token] as const;

export function useInvitation(token: string, viewerId: string | null) {
  // Keyed by the viewer: signing in changes whether he may accept.
  return useQuery({ queryKey: [...invitationKey(token), viewerId], queryFn: ({ signal }) => api.get<InvitationView>(`/api/invitations/${token}`, signal), retry: false });
}

export function useInviteTecnico() {
  return useMutation({
    mutationFn: (body: z.output<typeof InviteTecnicoSchema>) => api.post<{ message: string; invitationId: string; projectId: string }>('/api/invitations', body),
  });
}

export function useSendJoinCode(token: string) {
  return useMutation({ mutationFn: () => api.post<{ message: string }>(`/api/invitations/${token}/code`, {}) });
}

export function useJoin(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinInvitationInput) => api.post<Session>(`/api/invitations/${token}/join`, body),
    onSuccess: async () => {
      await refreshSession(queryClient);
      await queryClient.invalidateQueries({ queryKey: invitationKey(token) });
    },
  });
}

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string; projectId: string }>(`/api/invitations/${token}/accept`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKey(token) }),
  });
}

export function useInvitationCounts() {
  return useQuery({ queryKey: ['admin', 'invitation-counts'], queryFn: ({ signal }) => api.get<InvitationCounts>('/api/admin/invitations/counts', signal) });
}

const clientInvitationKey = (projectId: string) => ['project-invitation', projectId] as const;

/** The client's invitation on his project's page (decision 071); null when the project has none. */
export function useClientInvitation(projectId: string) {
  return useQuery({
    queryKey: clientInvitationKey(projectId),
    queryFn: ({ signal }) => api.get<ClientInvitation | null>(`/api/projects/${projectId}/invitation`, signal),
  });
}

export function useCancelInvitation(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => api.post<{ message: string; projectId: string }>(`/api/invitations/${invitationId}/cancel`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientInvitationKey(projectId) }),
  });
}
