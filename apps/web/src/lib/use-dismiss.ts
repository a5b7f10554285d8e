import { useEffect, type RefObject } from 'react';

/**
 * While a popup is open: Escape closes it and gives focus back to the control that opened it, and (when
 * `panelRef` is given) a pointer press outside both the popup and that control closes it too.
 */
export function useDismiss({
  open,
  onDismiss,
  toggleRef,
  panelRef,
}: {
  open: boolean;
  onDismiss: () => void;
  toggleRef: RefObject<HTMLElement | null>;
  panelRef?: RefObject<HTMLElement | null>;
}): void {
  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onDismiss();
        toggleRef.current?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef?.current?.contains(target) && !toggleRef.current?.contains(target)) onDismiss();
    };
    document.addEventListener('keydown', onKeyDown);
    if (panelRef) document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, onDismiss, toggleRef, panelRef]);
}
