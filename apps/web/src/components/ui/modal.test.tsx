import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';

function Screen() {
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Mở chi tiết</button>
      <Modal open={open} onClose={() => setOpen(false)} title="Chi tiết lịch hẹn">
        <button onClick={() => setConfirm(true)}>Hủy lịch hẹn</button>
      </Modal>
      <Modal open={confirm} onClose={() => setConfirm(false)} title="Xác nhận hủy" />
    </>
  );
}

const popped = () => new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
/** The browser's back button: the popstate arrives a moment later, as in a browser. */
const back = () =>
  act(async () => {
    const done = popped();
    window.history.back();
    await done;
  });

describe('Modal and the back button (issue 25)', () => {
  it('closes the top window on back and leaves the screen where it was', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const address = window.location.href;
    await user.click(screen.getByRole('button', { name: 'Mở chi tiết' }));
    await user.click(screen.getByRole('button', { name: 'Hủy lịch hẹn' }));
    expect(screen.getByRole('dialog', { name: 'Xác nhận hủy' })).toBeInTheDocument();

    await back();
    expect(screen.queryByRole('dialog', { name: 'Xác nhận hủy' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Chi tiết lịch hẹn' })).toBeInTheDocument();
    await back();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.location.href).toBe(address);
  });

  it('takes its history entry back when closed another way, so the next back leaves no dead step', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Mở chi tiết' }));
    const marker = (window.history.state as { modalMarker?: string }).modalMarker;
    expect(marker).toBeTruthy();
    const returned = popped();
    await user.click(screen.getByRole('button', { name: 'Đóng' }));
    await act(() => returned);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Its entry is gone: the page's own entry is the current one again.
    expect((window.history.state as { modalMarker?: string } | null)?.modalMarker).not.toBe(marker);
    // Opened again at once: one entry of its own, and back closes it.
    await user.click(screen.getByRole('button', { name: 'Mở chi tiết' }));
    await waitFor(() => expect((window.history.state as { modalMarker?: string } | null)?.modalMarker).toBeTruthy());
    await back();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
