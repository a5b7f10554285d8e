import { useMutation } from '@tanstack/react-query';
import { updateProfile } from 'firebase/auth';
import type { MeDto } from '@bindings/MeDto';
import { useAuthStore } from '@/lib/auth-store';
import { currentFirebaseAuth } from '@/lib/firebase';
import { authRequest } from '@/lib/session-token';

/** POST /api/me/photo: the picture as the multipart field `image`. Answers the account with its new photoUrl. */
export function uploadPhoto(file: File): Promise<MeDto> {
  const body = new FormData();
  body.append('image', file);
  return authRequest<MeDto>('/api/me/photo', { method: 'POST', body });
}

/** The server may answer a path on its own origin ("/images/x.jpg"); Firebase keeps absolute URLs only. */
export function absolutePhotoUrl(photoUrl: string): string {
  return new URL(photoUrl, window.location.origin).href;
}

/**
 * Uploads a profile photo, then shows it: the account in the store (the avatar) and the identity service's profile.
 * A failed profile update is only logged (spec section 8); the server already has the photo.
 */
export function useUploadPhoto() {
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: async (me) => {
      useAuthStore.getState().setUser(me);
      const identity = currentFirebaseAuth()?.currentUser;
      if (!identity || !me.photoUrl) return;
      try {
        await updateProfile(identity, { photoURL: absolutePhotoUrl(me.photoUrl) });
      } catch (error) {
        console.warn('Updating the profile photo with the identity service failed', error);
      }
    },
  });
}
