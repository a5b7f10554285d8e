import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { switchLanguage } from '@/lib/i18n/translations';
import { ConfirmDialog } from './ConfirmDialog';

function Harness({ onConfirm, busy = false }: { onConfirm: () => void; busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      {open && (
        <ConfirmDialog question="Are you sure you want to delete?" onConfirm={onConfirm} onCancel={() => setOpen(false)} busy={busy}>
          <p>It leaves the shop.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

async function open(onConfirm = vi.fn(), busy = false) {
  const user = userEvent.setup();
  render(<Harness onConfirm={onConfirm} busy={busy} />);
  const opener = screen.getByRole('button', { name: 'Delete' });
  await user.click(opener);
  return { user, opener, onConfirm, dialog: screen.getByRole('alertdialog', { name: 'Are you sure you want to delete?' }) };
}

describe('ConfirmDialog', () => {
  it('is an alertdialog named by its question and described by its text, with focus on Cancel', async () => {
    const { dialog } = await open();
    expect(dialog).toHaveAccessibleDescription('It leaves the shop.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
  });

  it('Cancel closes it without confirming and gives focus back to the opener', async () => {
    const { user, opener, onConfirm } = await open();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();
  });

  it('Escape cancels', async () => {
    const { user, opener, onConfirm } = await open();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();
  });

  it('OK confirms', async () => {
    const { user, onConfirm } = await open();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('while busy, neither Escape nor the buttons do anything', async () => {
    const { user, onConfirm } = await open(vi.fn(), true);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OK' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('names its buttons in Bangla when the page is in Bangla', async () => {
    await switchLanguage('bn');
    const { user, onConfirm } = await open();
    expect(screen.getByRole('button', { name: 'বাতিল' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'ঠিক আছে' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
