import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IconType } from 'react-icons';
import { LuArrowDown, LuArrowUp, LuTrash2 } from 'react-icons/lu';
import { formatNumber } from '@/lib/format';
import { useLanguage } from '@/lib/i18n/translations';
import { useObjectUrl } from '@/lib/use-object-url';

/** One photo in the list: a picked file (previewed from memory) or a stored photo's address. */
export interface PhotoListItem {
  /** Stays the same while the photo moves, so React keeps its row and focus can follow it. */
  key: string;
  file?: File;
  src?: string;
}

export type PhotoAction = 'earlier' | 'later' | 'remove';

/** Each photo's buttons, in the order they sit: up and down the list, then remove (in the error colour). */
const PHOTO_BUTTONS: readonly { action: PhotoAction; Icon: IconType; tone: string }[] = [
  { action: 'earlier', Icon: LuArrowUp, tone: '' },
  { action: 'later', Icon: LuArrowDown, tone: '' },
  { action: 'remove', Icon: LuTrash2, tone: 'text-error' },
];

interface PhotoListProps {
  photos: readonly PhotoListItem[];
  /** The list's accessible name. */
  label: string;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  /** False when the only photo must stay (a listing keeps one); its remove button then says why. */
  canRemoveLast?: boolean;
  /** Shown beside a remove button that cannot be used because the photo is the last. */
  lastPhotoHint?: string;
  /** An action being sent: its button shows a spinner, and every button waits. */
  pending?: { action: PhotoAction; index: number } | null;
  /** Where focus goes when the last photo is removed (the picker). */
  focusWhenEmpty?: () => void;
}

/** What was asked for, so focus can follow the photo once the list has changed (at once, or after the server). */
interface Requested {
  key: string;
  action: PhotoAction;
  from: number;
}

/**
 * Photos in order, the first marked as the cover, each with buttons to move it earlier or later and to remove it.
 * Buttons rather than dragging only, so keyboard and screen-reader users can order them too. After a move, focus stays
 * on the moved photo's button and a screen reader hears where the photo is now; after a removal, focus goes to the
 * next photo's remove button.
 */
export function PhotoList({ photos, label, onMove, onRemove, canRemoveLast = true, lastPhotoHint, pending = null, focusWhenEmpty }: PhotoListProps) {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const id = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const requested = useRef<Requested | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const busy = pending !== null;
  const number = (index: number) => formatNumber(index + 1, language);

  useEffect(() => {
    const asked = requested.current;
    if (!asked || busy) return;
    const focus = (key: string | undefined, action: PhotoAction) => {
      const button = key === undefined ? undefined : buttons.current.get(`${key}:${action}`);
      if (button && !button.disabled) {
        button.focus();
        return true;
      }
      return false;
    };
    const now = photos.findIndex((photo) => photo.key === asked.key);
    // The server's answer may show a moment after the request has settled: until the list has changed, the request
    // waits (a refused one simply never resolves, and the next request takes its place).
    if (asked.action === 'remove') {
      if (now !== -1) return;
      requested.current = null;
      setAnnouncement(t('picture.removed', { number: number(asked.from) }));
      const next = photos[Math.min(asked.from, photos.length - 1)];
      if (!focus(next?.key, 'remove') && !focus(next?.key, 'earlier')) focusWhenEmpty?.();
      return;
    }
    if (now === asked.from) return;
    requested.current = null;
    if (now === -1) return;
    setAnnouncement(now === 0 ? t('picture.movedToCover') : t('picture.moved', { number: number(now) }));
    const other = asked.action === 'earlier' ? 'later' : 'earlier';
    if (!focus(asked.key, asked.action)) focus(asked.key, other);
    // `number` and `t` follow the language, which does not change what is focused.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [photos, busy, focusWhenEmpty]);

  const act = (photo: PhotoListItem, index: number, action: PhotoAction) => {
    if (busy) return;
    requested.current = { key: photo.key, action, from: index };
    if (action === 'remove') onRemove(index);
    else onMove(index, action === 'earlier' ? index - 1 : index + 1);
  };
  const register = (photo: PhotoListItem, action: PhotoAction) => (element: HTMLButtonElement | null) => {
    const name = `${photo.key}:${action}`;
    if (element) buttons.current.set(name, element);
    else buttons.current.delete(name);
  };

  return (
    <div className="flex flex-col gap-2">
      <ol aria-label={label} className="flex flex-col gap-2">
        {photos.map((photo, index) => {
          const removable = canRemoveLast || photos.length > 1;
          const unavailable = { earlier: index === 0, later: index === photos.length - 1, remove: !removable };
          return (
            <li
              key={photo.key}
              data-photo={photo.src ?? photo.file?.name}
              className="flex items-center gap-3 rounded-field bg-base-100 p-2 ring-1 ring-base-300"
            >
              <Thumbnail photo={photo} />
              <div className="flex min-w-0 flex-1 flex-col items-start gap-1">
                <span className="text-sm font-semibold">{t('picture.photo', { number: number(index) })}</span>
                {index === 0 && <span className="badge badge-primary badge-sm">{t('picture.cover')}</span>}
              </div>
              <div className="flex shrink-0 gap-1">
                {PHOTO_BUTTONS.map(({ action, Icon, tone }) => (
                  <button
                    key={action}
                    type="button"
                    ref={register(photo, action)}
                    className={`btn btn-square btn-sm btn-ghost ring-1 ring-base-300 ${tone}`}
                    disabled={unavailable[action]}
                    aria-disabled={busy || undefined}
                    aria-label={t(`picture.${action}`, { number: number(index) })}
                    aria-describedby={action === 'remove' && !removable && lastPhotoHint ? `${id}-last` : undefined}
                    onClick={() => act(photo, index, action)}
                  >
                    {pending?.index === index && pending.action === action ? (
                      <span className="loading loading-spinner loading-xs" aria-hidden="true" />
                    ) : (
                      <Icon className="size-4" aria-hidden="true" />
                    )}
                  </button>
                ))}
              </div>
            </li>
          );
        })}
      </ol>
      {!canRemoveLast && photos.length === 1 && lastPhotoHint && (
        <p id={`${id}-last`} className="text-sm text-muted">
          {lastPhotoHint}
        </p>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/** The photo, small: enough to tell the photos apart. Its row's text names it, so the picture itself is decorative. */
function Thumbnail({ photo }: { photo: PhotoListItem }) {
  const preview = useObjectUrl(photo.file ?? null);
  const src = photo.src ?? preview;
  return (
    <div className="aspect-[2/3] w-14 shrink-0 overflow-hidden rounded-field bg-base-200 ring-1 ring-base-300">
      {src && <img src={src} alt="" loading="lazy" decoding="async" className="size-full object-cover" />}
    </div>
  );
}
