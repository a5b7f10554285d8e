import { useCallback, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LuCamera, LuLogOut } from 'react-icons/lu';
import { initialsOf, useCurrentUser } from '@/lib/auth-store';
import { useDismiss } from '@/lib/use-dismiss';
import { USER_DATA_KEY } from '@/lib/query-client';
import { signOutEverywhere } from '@/lib/session-token';
import { Avatar } from './Avatar';
import { PhotoUploadModal } from './PhotoUploadModal';

const itemClass =
  'flex w-full items-center gap-3 rounded-field px-3 py-2.5 text-left font-medium text-base-content/85 hover:bg-base-200 focus-visible:bg-base-200';

/** The signed-in user's menu in the navigation bar: who they are, Upload Photo and Logout. */
export function AvatarMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const close = useCallback(() => setOpen(false), []);
  useDismiss({ open, onDismiss: close, toggleRef: buttonRef, panelRef });

  if (!user) return null;

  const logout = async () => {
    setOpen(false);
    await signOutEverywhere();
    queryClient.removeQueries({ queryKey: USER_DATA_KEY });
    navigate('/');
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost btn-circle"
        aria-label={t('avatarMenu.label', { initials: initialsOf(user.name, user.email) })}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar name={user.name} email={user.email} photoUrl={user.photoUrl} />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-[min(18rem,calc(100vw-2rem))] rounded-box bg-base-100 p-2 shadow-lift ring-1 ring-base-300/70"
      >
        <div className="flex items-center gap-3 border-b border-base-300/70 px-3 pt-2 pb-3">
          <Avatar name={user.name} email={user.email} photoUrl={user.photoUrl} className="size-12 text-base" />
          <div className="min-w-0">
            <p className="font-semibold break-words" data-testid="account-name">
              {user.name}
            </p>
            <p className="text-sm break-all text-base-content/70" data-testid="account-email">
              {user.email}
            </p>
          </div>
        </div>
        <ul className="flex flex-col gap-0.5 pt-2">
          <li>
            <button
              type="button"
              className={itemClass}
              onClick={() => {
                setOpen(false);
                setUploading(true);
              }}
            >
              <LuCamera className="size-4" aria-hidden="true" />
              {t('avatarMenu.uploadPhoto')}
            </button>
          </li>
          <li>
            <button type="button" className={itemClass} onClick={() => void logout()}>
              <LuLogOut className="size-4" aria-hidden="true" />
              {t('avatarMenu.logout')}
            </button>
          </li>
        </ul>
      </div>
      {uploading && (
        <PhotoUploadModal
          onClose={() => {
            setUploading(false);
            buttonRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}
