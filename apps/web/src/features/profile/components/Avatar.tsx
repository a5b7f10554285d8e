import { useState } from 'react';
import { initialsOf } from '@/lib/auth-store';

interface AvatarProps {
  name: string;
  email: string;
  photoUrl: string | null;
  className?: string;
}

/** The user's photo, or their initials when there is none (or it fails to load). Decorative: callers name it. */
export function Avatar({ name, email, photoUrl, className = 'size-10 text-sm' }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showPhoto = photoUrl !== null && failed !== photoUrl;
  return (
    <span
      className={`grid shrink-0 place-items-center overflow-hidden rounded-full bg-primary font-bold text-primary-content ring-2 ring-accent/70 ${className}`}
      aria-hidden="true"
    >
      {showPhoto ? (
        <img src={photoUrl} alt="" className="size-full object-cover" onError={() => setFailed(photoUrl)} />
      ) : (
        initialsOf(name, email)
      )}
    </span>
  );
}
