import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { CLINIC } from '@clinic/shared';
import HomePage from './home-page';
import AboutPage from './about-page';
import ServicesPage from './services-page';
import { FAQS } from './content';

function renderPage(page: ReactElement) {
  return render(<MemoryRouter>{page}</MemoryRouter>);
}

afterEach(cleanup);

describe('HomePage', () => {
  it('renders one h1 and sets the page title', () => {
    renderPage(<HomePage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/sức khỏe sinh sản/i);
    expect(document.title).toContain('Trang chủ');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBeTruthy();
  });

  it('links to booking and to services', () => {
    renderPage(<HomePage />);
    const booking = screen.getAllByRole('link', { name: /đặt lịch khám/i });
    expect(booking.length).toBeGreaterThan(0);
    for (const link of booking) expect(link).toHaveAttribute('href', '/appointment');
    expect(screen.getByRole('link', { name: /xem dịch vụ/i })).toHaveAttribute('href', '/services');
  });

  it('shows statistics, practical information and contact links', () => {
    renderPage(<HomePage />);
    expect(screen.getByText('50.000+')).toBeInTheDocument();
    expect(screen.getByText('Vui lòng đến trước 15 phút so với giờ hẹn')).toBeInTheDocument();
    expect(screen.getByText('Hủy lịch trước 24 giờ')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /cấp cứu: gọi 115/i })).toHaveAttribute('href', 'tel:115');
    expect(screen.getAllByRole('link', { name: CLINIC.phone })[0]).toHaveAttribute('href', 'tel:19006868');
    expect(screen.getByRole('link', { name: CLINIC.email })).toHaveAttribute('href', `mailto:${CLINIC.email}`);
  });
});

describe('AboutPage', () => {
  it('renders its h1, mission, values and leadership', () => {
    renderPage(<AboutPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 3, name: 'Sứ mệnh' })).toBeInTheDocument();
    for (const value of ['Tận tâm', 'Bảo mật', 'Chuyên môn', 'Tôn trọng']) {
      expect(screen.getByRole('heading', { level: 3, name: value })).toBeInTheDocument();
    }
    const leaders = screen.getByRole('region', { name: /ban lãnh đạo/i });
    expect(within(leaders).getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(3);
    expect(document.title).toContain('Giới thiệu');
  });
});

describe('ServicesPage', () => {
  it('renders its h1 and exactly six service cards', () => {
    renderPage(<ServicesPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Dịch vụ & Bảng giá');
    const services = screen.getByRole('region', { name: 'Dịch vụ của chúng tôi' });
    expect(within(services).getAllByRole('article')).toHaveLength(6);
    expect(document.title).toContain('Dịch vụ & Bảng giá');
  });

  it('shows the four-step process in order', () => {
    renderPage(<ServicesPage />);
    const process = screen.getByRole('region', { name: /bốn bước/i });
    const steps = within(process).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    ['Đặt lịch', 'Xác nhận', 'Thăm khám', 'Theo dõi'].forEach((title, i) => {
      expect(within(steps[i]!).getByRole('heading', { level: 3 })).toHaveTextContent(title);
    });
  });

  it('shows three price plans with their prices and booking links', () => {
    renderPage(<ServicesPage />);
    const pricing = screen.getByRole('region', { name: /chọn gói/i });
    const plans = within(pricing).getAllByRole('article');
    expect(plans).toHaveLength(3);
    expect(within(pricing).getByText('Miễn phí')).toBeInTheDocument();
    expect(within(pricing).getByText('199.000đ')).toBeInTheDocument();
    expect(within(pricing).getByText('399.000đ')).toBeInTheDocument();
    expect(within(pricing).getAllByText('/tháng')).toHaveLength(2);
    for (const plan of plans) {
      expect(within(plan).getByRole('link')).toHaveAttribute('href', '/appointment');
    }
  });

  it('has an FAQ accordion whose items expand and collapse', async () => {
    const user = userEvent.setup();
    renderPage(<ServicesPage />);
    const faq = screen.getByRole('region', { name: 'Câu hỏi thường gặp' });
    const questions = within(faq).getAllByRole('button');
    expect(questions).toHaveLength(FAQS.length);
    expect(questions.length).toBeGreaterThanOrEqual(6);

    const first = questions[0]!;
    const answer = FAQS[0]!.answer;
    expect(first).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(first.getAttribute('aria-controls')!);
    expect(panel).not.toBeNull();
    expect(panel).not.toBeVisible();

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(within(faq).getByRole('region', { name: FAQS[0]!.question })).toHaveTextContent(answer);

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });

  it('mentions the emergency number and the 24-hour cancellation rule in the FAQ', async () => {
    const user = userEvent.setup();
    renderPage(<ServicesPage />);
    await user.click(screen.getByRole('button', { name: /khẩn cấp/i }));
    expect(screen.getByText(/gọi ngay 115/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: /hủy hoặc đổi lịch/i }));
    expect(screen.getByText(/ít nhất 24 giờ/)).toBeVisible();
  });
});
