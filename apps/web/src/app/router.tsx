import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import type { AdminScreen } from '@clinic/shared';
import { paths } from '@/config/paths';
import { PublicLayout } from '@/layouts/public-layout';
import { RequireAuth } from './guards/require-auth';
import { ScreenGuard } from './guards/screen-guard';
import { RootRoute } from './routes/root';
import { PageErrorBoundary, RootErrorBoundary } from './routes/route-error';

// Every page is its own chunk; the admin layout and its pages never load for a public visitor.
//
// The public pages are the router's lazy routes: the router loads a page's module before it shows
// it, so a page the server rendered ahead is hydrated once its module is there (main.tsx waits for
// it) instead of being drawn again. The signed-in and back-office pages are React lazy components.
const publicPage = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});
const ProfilePage = lazy(() => import('@/features/account/profile-page'));
const MyAppointmentsPage = lazy(() => import('@/features/appointments/my-appointments-page'));
const MedicalHistoryPage = lazy(() => import('@/features/appointments/medical-history-page'));
const SettingsPage = lazy(() => import('@/features/account/settings-page'));
const NotFoundPage = lazy(() => import('./routes/not-found'));

const AdminLayout = lazy(() => import('@/layouts/admin-layout'));
const SessionExpiredDialog = lazy(() => import('@/features/auth/components/session-expired-dialog'));
const DashboardPage = lazy(() => import('./routes/dashboard-route'));
const UsersPage = lazy(() => import('@/features/users/users-page'));
const BlogControlPage = lazy(() => import('./routes/blog-control-route'));
const BookingManagerPage = lazy(() => import('./routes/booking-manager-route'));
const BookingHistoryPage = lazy(() => import('@/features/bookings/booking-history-page'));
const PatientControlPage = lazy(() => import('@/features/patients/patient-control-page'));
const PendingApprovalsPage = lazy(() => import('@/features/approvals/pending-approvals-page'));
const PrivacyRequestsPage = lazy(() => import('@/features/privacy/privacy-requests-page'));
const AccessLogPage = lazy(() => import('@/features/privacy/access-log-page'));
const FhirClientsPage = lazy(() => import('@/features/fhir-clients/fhir-clients-page'));
const MessagesPage = lazy(() => import('@/features/messages/messages-page'));
const RefundsPage = lazy(() => import('@/features/bookings/refunds-page'));
const DepartmentsPage = lazy(() => import('@/features/departments/departments-page'));
const CarePlansPage = lazy(() => import('@/features/care-plans/care-plans-page'));
const CarePlanPage = lazy(() => import('@/features/care-plans/care-plan-page'));
const CarePlanTemplatesPage = lazy(() => import('@/features/care-plans/care-plan-templates-page'));

/** A back-office page behind the role check of its screen (its chunk loads only when allowed). */
function adminScreen(screen: AdminScreen, Page: LazyExoticComponent<ComponentType>) {
  return (
    <ScreenGuard screen={screen}>
      <Page />
    </ScreenGuard>
  );
}

/** The route table of specification section 2. */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RootErrorBoundary />,
    children: [
      {
        path: paths.home,
        element: <PublicLayout />,
        children: [
          {
            errorElement: <PageErrorBoundary />,
            children: [
              { index: true, lazy: publicPage(() => import('@/features/marketing/home-page')) },
              { path: paths.about, lazy: publicPage(() => import('@/features/marketing/about-page')) },
              { path: paths.services, lazy: publicPage(() => import('@/features/marketing/services-page')) },
              { path: paths.appointment, lazy: publicPage(() => import('@/features/appointments/appointment-page')) },
              {
                path: paths.manageAppointment.pattern,
                lazy: publicPage(() => import('@/features/appointments/manage/manage-appointment-page')),
              },
              {
                path: paths.waitingList.pattern,
                lazy: publicPage(() => import('@/features/appointments/waiting/waiting-list-page')),
              },
              { path: paths.pay.pattern, lazy: publicPage(() => import('@/features/payments/pay-page')) },
              {
                path: paths.managePay.pattern,
                lazy: publicPage(() => import('@/features/payments/managed-pay-page')),
              },
              { path: paths.payResult, lazy: publicPage(() => import('@/features/payments/pay-result-page')) },
              { path: paths.blog, lazy: publicPage(() => import('./routes/blog-list-route')) },
              {
                path: paths.privacyNotice,
                lazy: publicPage(() => import('@/features/privacy/privacy-notice-page')),
              },
              { path: paths.blogPost.pattern, lazy: publicPage(() => import('./routes/blog-post-route')) },
              {
                element: <RequireAuth />,
                children: [
                  { path: paths.profile, element: <ProfilePage /> },
                  { path: paths.myAppointments, element: <MyAppointmentsPage /> },
                  { path: paths.payMine.pattern, lazy: publicPage(() => import('@/features/payments/my-pay-page')) },
                  { path: paths.medicalHistory, element: <MedicalHistoryPage /> },
                  { path: paths.settings, element: <SettingsPage /> },
                ],
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
      { path: paths.login, lazy: publicPage(() => import('@/features/auth/login-page')) },
      {
        path: paths.admin.dashboard,
        element: <AdminLayout SessionLostDialog={SessionExpiredDialog} />,
        children: [
          {
            errorElement: <PageErrorBoundary />,
            children: [
              { index: true, element: adminScreen('dashboard', DashboardPage) },
              { path: paths.admin.users, element: adminScreen('users', UsersPage) },
              { path: paths.admin.blogs, element: adminScreen('blogs', BlogControlPage) },
              { path: paths.admin.bookings, element: adminScreen('bookings', BookingManagerPage) },
              { path: paths.admin.bookingHistory, element: adminScreen('bookingHistory', BookingHistoryPage) },
              { path: paths.admin.patients, element: adminScreen('patients', PatientControlPage) },
              { path: paths.admin.pendingApprovals, element: adminScreen('pendingApprovals', PendingApprovalsPage) },
              { path: paths.admin.privacyRequests, element: adminScreen('privacyRequests', PrivacyRequestsPage) },
              { path: paths.admin.accessLog, element: adminScreen('accessLog', AccessLogPage) },
              { path: paths.admin.messages, element: adminScreen('messages', MessagesPage) },
              { path: paths.admin.refunds, element: adminScreen('refunds', RefundsPage) },
              { path: paths.admin.departments, element: adminScreen('departments', DepartmentsPage) },
              { path: paths.admin.carePlans, element: adminScreen('carePlans', CarePlansPage) },
              { path: paths.admin.carePlan.pattern, element: adminScreen('carePlans', CarePlanPage) },
              {
                path: paths.admin.carePlanTemplates,
                element: adminScreen('carePlanTemplates', CarePlanTemplatesPage),
              },
              { path: paths.admin.fhirClients, element: adminScreen('fhirClients', FhirClientsPage) },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
