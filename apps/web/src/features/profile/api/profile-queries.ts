import type { UploadProgress } from '@/lib/upload.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientProfile, ContractorProfile } from '@arreglaya/shared/schemas/profile';
import { refreshSession } from '@/lib/session-user.ts';
import { fetchClientProfile, fetchContractorProfile, profileKeys, removePhoto, saveClientProfile, saveContractorProfile, uploadPhoto } from './profile-api.ts';

// The profile's queries (options, for hooks and route loaders alike) and hooks, in one place.

export const clientProfileQuery = (userId: string) => queryOptions({ queryKey: profileKeys.client(userId), queryFn: ({ signal }) => fetchClientProfile(signal) });

export const contractorProfileQuery = (userId: string) => queryOptions({ queryKey: profileKeys.contractor(userId), queryFn: ({ signal }) => fetchContractorProfile(signal) });

export function useClientProfile(userId: string) {
  return useQuery(clientProfileQuery(userId));
}

export function useContractorProfile(userId: string) {
  return useQuery(contractorProfileQuery(userId));
}

/** After a save: the cache holds what the server stored, and the navbar re-reads the name. */
export function useSaveClientProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClientProfile,
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(profileKeys.client(userId), profile);
      void refreshSession(queryClient);
    },
  });
}

export function useSaveContractorProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContractorProfile,
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(profileKeys.contractor(userId), profile);
      void refreshSession(queryClient);
    },
  });
}

/** Photo upload and removal: the profile shows the new photo, the navbar too (session). */
export function usePhoto(userId: string) {
  const queryClient = useQueryClient();
  const setAvatar = (avatarPhotoId: string | null) => {
    for (const key of [profileKeys.client(userId), profileKeys.contractor(userId)]) {
      queryClient.setQueryData<ClientProfile | ContractorProfile>(key, (old) => (old ? { ...old, avatarPhotoId } : old));
    }
    void refreshSession(queryClient);
  };
  const upload = useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: UploadProgress }) => uploadPhoto(file, onProgress),
    onSuccess: ({ avatarPhotoId }) => setAvatar(avatarPhotoId),
  });
  const remove = useMutation({ mutationFn: removePhoto, onSuccess: () => setAvatar(null) });
  return { upload, remove };
}
