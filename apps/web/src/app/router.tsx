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
const HomePage = lazy(() => import('@/features/marketing/home-page'));
const AboutPage = lazy(() => import('@/features/marketing/about-page'));
const ServicesPage = lazy(() => import('@/features/marketing/services-page'));
const AppointmentPage = lazy(() => import('@/features/appointments/appointment-page'));
const ManageAppointmentPage = lazy(() => import('@/features/appointments/manage/manage-appointment-page'));
const BlogListPage = lazy(() => import('./routes/blog-pages').then((m) => ({ default: m.BlogListRoute })));
const BlogPostPage = lazy(() => import('./routes/blog-pages').then((m) => ({ default: m.BlogPostRoute })));
const ProfilePage = lazy(() => import('@/features/account/profile-page'));
const MyAppointmentsPage = lazy(() => import('@/features/appointments/my-appointments-page'));
const MedicalHistoryPage = lazy(() => import('@/features/appointments/medical-history-page'));
const SettingsPage = lazy(() => import('@/features/account/settings-page'));
const LoginPage = lazy(() => import('@/features/auth/login-page'));
const NotFoundPage = lazy(() => import('./routes/not-found'));

const AdminLayout = lazy(() => import('@/layouts/admin-layout'));
const DashboardPage = lazy(() => import('@/features/dashboard/dashboard-page'));
const UsersPage = lazy(() => import('@/features/users/users-page'));
const BlogControlPage = lazy(() => import('./routes/blog-pages').then((m) => ({ default: m.BlogControlRoute })));
const BookingManagerPage = lazy(() => import('@/features/bookings/booking-manager-page'));
const BookingHistoryPage = lazy(() => import('@/features/bookings/booking-history-page'));
const PatientControlPage = lazy(() => import('@/features/patients/patient-control-page'));
const PendingApprovalsPage = lazy(() => import('@/features/approvals/pending-approvals-page'));

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
              { index: true, element: <HomePage /> },
              { path: paths.about, element: <AboutPage /> },
              { path: paths.services, element: <ServicesPage /> },
              { path: paths.appointment, element: <AppointmentPage /> },
              { path: paths.manageAppointment.pattern, element: <ManageAppointmentPage /> },
              { path: paths.blog, element: <BlogListPage /> },
              { path: paths.blogPost.pattern, element: <BlogPostPage /> },
              {
                element: <RequireAuth />,
                children: [
                  { path: paths.profile, element: <ProfilePage /> },
                  { path: paths.myAppointments, element: <MyAppointmentsPage /> },
                  { path: paths.medicalHistory, element: <MedicalHistoryPage /> },
                  { path: paths.settings, element: <SettingsPage /> },
                ],
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
      { path: paths.login, element: <LoginPage /> },
      {
        path: paths.admin.dashboard,
        element: <AdminLayout />,
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
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
