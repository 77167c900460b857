import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppointmentStatusBadge, PAYMENT_REQUESTED_NOTE } from './appointment-status-badge';

describe('AppointmentStatusBadge (issue 25: one word for one thing)', () => {
  it("keeps 'Cần thanh toán' for both payment states, and says the request went out only for PAYMENT_REQUESTED", () => {
    const { unmount } = render(<AppointmentStatusBadge status="NEEDS_PAYMENT" />);
    expect(screen.getByText('Cần thanh toán')).toBeInTheDocument();
    expect(screen.queryByText(PAYMENT_REQUESTED_NOTE)).not.toBeInTheDocument();
    unmount();

    render(<AppointmentStatusBadge status="PAYMENT_REQUESTED" />);
    expect(screen.getByText('Cần thanh toán')).toBeInTheDocument();
    expect(screen.getByText('Đã gửi yêu cầu thanh toán')).toBeInTheDocument();
  });
});
