import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch, renderWithProviders } from '@/testing/render-app';
import { NewsletterBox } from './newsletter-box';

describe('NewsletterBox', () => {
  it('asks for a valid address before calling the server', async () => {
    const fetchMock = mockFetch(() => ({ body: { success: true, message: 'ok' } }));
    const { user } = renderWithProviders(<NewsletterBox />);
    await user.click(screen.getByRole('button', { name: 'Đăng ký' }));
    expect(await screen.findByText('Vui lòng nhập email')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email của bạn'), 'mai@');
    await user.click(screen.getByRole('button', { name: 'Đăng ký' }));
    expect(await screen.findByText('Email không hợp lệ')).toBeInTheDocument();
    expect(screen.getByLabelText('Email của bạn')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('subscribes the address and thanks the visitor', async () => {
    const fetchMock = mockFetch(() => ({ body: { success: true, message: 'ok' } }));
    const { user } = renderWithProviders(<NewsletterBox />);
    await user.type(screen.getByLabelText('Email của bạn'), '  mai@example.com ');
    // Its own marketing consent, never ticked for her (issue 26).
    await user.click(screen.getByRole('checkbox', { name: /nhận bản tin/ }));
    await user.click(screen.getByRole('button', { name: 'Đăng ký' }));
    expect(await screen.findByText('Cảm ơn bạn đã đăng ký nhận bản tin!')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/newsletter');
    expect(JSON.parse(init!.body as string)).toEqual({ email: 'mai@example.com', consentMarketing: true });
  });

  it('shows the server’s reason when it refuses', async () => {
    mockFetch(() => ({ status: 429, body: errorBody(429, 'Bạn thao tác quá nhanh, vui lòng thử lại sau') }));
    const { user } = renderWithProviders(<NewsletterBox />);
    await user.type(screen.getByLabelText('Email của bạn'), 'mai@example.com');
    await user.click(screen.getByRole('checkbox', { name: /nhận bản tin/ }));
    await user.click(screen.getByRole('button', { name: 'Đăng ký' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Bạn thao tác quá nhanh, vui lòng thử lại sau'),
    );
  });
});
