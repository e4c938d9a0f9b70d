// The route table of the SPA (spec 1 §2). Every page is a lazily loaded chunk; login-required pages guard
// themselves with RequireAuth / RequireAdmin (spinner, then /auth?redirect=… or the content).
import { createBrowserRouter, Outlet, RouterProvider, ScrollRestoration } from 'react-router-dom';
import { PageSpinner } from '@web/components/spinner';
import { GoogleFailureRedirect } from '@web/features/auth/components/google-failure-redirect';
import { RouteError } from './route-error';

function RootLayout() {
  return (
    <>
      <Outlet />
      <GoogleFailureRedirect />
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
      { path: 'agency', lazy: () => import('@web/features/agency/routes/agency-page').then((m) => ({ Component: m.AgencyPage })) },
      { path: 'admin', lazy: () => import('@web/features/admin/routes/admin-page').then((m) => ({ Component: m.AdminPage })) },
      {
        path: 'employee-onboarding',
        lazy: () => import('@web/features/employee-onboarding/routes/employee-onboarding-page').then((m) => ({ Component: m.EmployeeOnboardingPage })),
      },
      {
        path: 'employee-portal',
        lazy: () => import('@web/features/employee-portal/routes/employee-portal-page').then((m) => ({ Component: m.EmployeePortalPage })),
      },
      {
        path: 'invoice-payment/:invoiceId',
        lazy: () => import('@web/features/invoice-payment/routes/invoice-payment-page').then((m) => ({ Component: m.InvoicePaymentPage })),
      },
      { path: 'profile', lazy: () => import('@web/features/profile/routes/profile-page').then((m) => ({ Component: m.ProfilePage })) },
      { path: 'pricing', lazy: () => import('@web/features/landing/routes/pricing-page').then((m) => ({ Component: m.PricingPage })) },
      { path: 'about', lazy: () => import('@web/features/static-pages/routes/about-page').then((m) => ({ Component: m.AboutPage })) },
      { path: 'terms', lazy: () => import('@web/features/static-pages/routes/terms-page').then((m) => ({ Component: m.TermsPage })) },
      { path: 'privacy', lazy: () => import('@web/features/static-pages/routes/privacy-page').then((m) => ({ Component: m.PrivacyPage })) },
      { path: '*', lazy: () => import('@web/features/not-found/routes/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
