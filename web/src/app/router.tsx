// The route table of the SPA (spec 1 §2). Every page is a lazily loaded chunk.
import { createBrowserRouter, Outlet, RouterProvider, ScrollRestoration } from 'react-router-dom';
import { PageSpinner } from '@web/components/spinner';
import { RouteError } from './route-error';

function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: () => import('@web/features/landing/routes/landing-page').then((m) => ({ Component: m.LandingPage })) },
      { path: 'auth', lazy: () => import('@web/features/auth/routes/auth-page').then((m) => ({ Component: m.AuthPage })) },
      {
        path: 'business-onboarding',
        lazy: () => import('@web/features/business-onboarding/routes/business-onboarding-page').then((m) => ({ Component: m.BusinessOnboardingPage })),
      },
      {
        path: 'business/onboarding',
        lazy: () => import('@web/features/business-onboarding/routes/business-onboarding-page').then((m) => ({ Component: m.BusinessOnboardingPage })),
      },
      {
        path: 'business',
        lazy: () => import('@web/features/business/routes/business-dashboard-page').then((m) => ({ Component: m.BusinessDashboardPage })),
      },
      {
        path: 'business/:businessId',
        lazy: () => import('@web/features/business/routes/business-dashboard-page').then((m) => ({ Component: m.BusinessDashboardPage })),
      },
      { path: 'profile', lazy: () => import('@web/features/profile/routes/profile-page').then((m) => ({ Component: m.ProfilePage })) },
      { path: '*', lazy: () => import('@web/features/not-found/routes/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
