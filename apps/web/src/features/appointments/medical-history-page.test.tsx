import { screen, within, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { appointment } from '@/testing/appointment-fixture';
import { renderRoutes, storedInfoOf, storeSession } from '@/testing/render-app';
import { patient, serveMyAppointments } from './testing/fake-patient-server';

const doctor = { id: 7, fullName: 'BS. Nguyễn Văn An', specialty: 'GYNECOLOGY', email: 'doctor@antamclinic.vn' };

function open() {
  storeSession(storedInfoOf(patient));
  return renderRoutes(routes, '/medical-history');
}

describe('MedicalHistoryPage', () => {
  it("lists the completed visits newest first with date, time, department, doctor and the doctor's notes", async () => {
    serveMyAppointments([
      appointment(1, 'COMPLETED', {
        appointmentDate: '2026-01-05',
        appointmentTime: '08:30',
        doctor,
        notes: 'Kết quả bình thường.\nTái khám sau 6 tháng.',
      }),
      appointment(2, 'COMPLETED', {
        appointmentDate: '2026-03-02',
        appointmentTime: '14:00',
        departmentName: 'Khoa Sản',
        doctor,
        notes: null,
      }),
      appointment(3, 'CANCELLED', { appointmentDate: '2026-02-01' }),
    ]);
    open();
    const visits = await screen.findAllByRole('article');
    expect(visits).toHaveLength(2);
    expect(visits[0]).toHaveAccessibleName('Thứ Hai, 02 tháng 3, 2026');
    expect(visits[1]).toHaveAccessibleName('Thứ Hai, 05 tháng 1, 2026');

    const newest = within(visits[0]!);
    expect(newest.getByText('14:00')).toBeInTheDocument();
    expect(newest.getByText('Khoa Sản')).toBeInTheDocument();
    expect(newest.getByText('Bác sĩ: BS. Nguyễn Văn An')).toBeInTheDocument();
    expect(newest.getByText('Bác sĩ chưa ghi chú cho lần khám này.')).toBeInTheDocument();

    const older = within(visits[1]!);
    expect(older.getByText('08:30')).toBeInTheDocument();
    expect(older.getByText('Khoa Phụ khoa')).toBeInTheDocument();
    expect(older.getByText(/Kết quả bình thường\./)).toHaveTextContent('Tái khám sau 6 tháng.');
  });

  it('says what will appear here when there is no completed visit yet', async () => {
    serveMyAppointments([appointment(1, 'PENDING')]);
    open();
    expect(await screen.findByText('Chưa có lần khám nào đã hoàn thành.')).toBeInTheDocument();
    expect(screen.getByText('Sau mỗi lần khám, kết luận và ghi chú của bác sĩ sẽ hiện ở đây.')).toBeInTheDocument();
  });

  it("shows the load failure ('Failed to fetch medical history' when the server says nothing) and retries", async () => {
    let fail = true;
    serveMyAppointments([appointment(1, 'COMPLETED', { doctor })], {
      listAnswer: () => (fail ? { status: 500, body: {} } : null),
    });
    const { user } = open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Không thể tải lịch sử khám bệnh');
    expect(alert).toHaveTextContent('Failed to fetch medical history');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('article')).toBeInTheDocument();
  });

  it('sends a visitor to the login page', async () => {
    serveMyAppointments([]);
    const { router } = renderRoutes(routes, '/medical-history');
    expect(await screen.findByRole('button', { name: 'Đăng nhập' })).toBeInTheDocument();
    // The page's module loads before the address changes (the public pages are lazy routes).
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
