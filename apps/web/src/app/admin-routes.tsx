import { Navigate, type RouteObject } from 'react-router';
import { PROPERTY_TYPES, PROPERTY_TYPE_SLUGS } from '@makazi/contracts/property-values';
import { PageFallback } from './routes/page-fallback';
import { RouteError } from './routes/route-error';

/*
 * The admin area (issue 6): its own tree beside the public RootLayout, so the public header
 * and footer are not drawn. Every page is a lazy chunk: MUI, zod and the admin code never reach the
 * first visit. The router adds these with `...adminRoutes`.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: '/admin',
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageFallback />,
    lazy: async () => {
      const { AdminRootRoute } = await import('./routes/admin/root');
      return { Component: AdminRootRoute };
    },
    children: [
      {
        index: true,
        lazy: async () => {
          const { AdminLoginRoute } = await import('./routes/admin/login');
          return { Component: AdminLoginRoute };
        },
      },
      {
        // The signed-in admin's frame: top bar, drawer, and a 401 sends back to /admin.
        lazy: async () => {
          const { AdminLayoutRoute } = await import('./routes/admin/layout');
          return { Component: AdminLayoutRoute };
        },
        children: [
          {
            path: 'dashboard',
            lazy: async () => {
              const { AdminDashboardRoute } = await import('./routes/admin/dashboard');
              return { Component: AdminDashboardRoute };
            },
          },
          {
            path: 'property',
            lazy: async () => {
              const { AdminPropertiesRoute } = await import('./routes/admin/properties');
              return { Component: AdminPropertiesRoute };
            },
          },
          {
            // Listings people reported, and dead-end claims waiting for a decision.
            path: 'reports',
            lazy: async () => {
              const { AdminReportsRoute } = await import('./routes/admin/reports');
              return { Component: AdminReportsRoute };
            },
          },
          ...PROPERTY_TYPES.map((type): RouteObject => ({
            path: `${PROPERTY_TYPE_SLUGS[type]}/:id`,
            lazy: async () => {
              const { AdminPropertyRoute } = await import('./routes/admin/property');
              return { element: <AdminPropertyRoute type={type} /> };
            },
          })),
          ...['users', 'permisions'].map((path): RouteObject => ({
            // The second is spelled with one s on purpose; both show the users list.
            path,
            lazy: async () => {
              const { AdminUsersRoute } = await import('./routes/admin/users');
              return { Component: AdminUsersRoute };
            },
          })),
          {
            path: 'users/:userId',
            lazy: async () => {
              const { AdminUserRoute } = await import('./routes/admin/user');
              return { Component: AdminUserRoute };
            },
          },
          {
            path: 'finance',
            lazy: async () => {
              const { AdminFinanceRoute } = await import('./routes/admin/finance');
              return { Component: AdminFinanceRoute };
            },
          },
          {
            // What people sent through the contact form on /support.
            path: 'support',
            lazy: async () => {
              const { AdminSupportMessagesRoute } = await import('./routes/admin/support-messages');
              return { Component: AdminSupportMessagesRoute };
            },
          },
          {
            // Who was shown the most owners' phone numbers this week.
            path: 'revealers',
            lazy: async () => {
              const { AdminRevealersRoute } = await import('./routes/admin/revealers');
              return { Component: AdminRevealersRoute };
            },
          },
          {
            // The admin's own account: two-step sign-in (the one page open until it is set up,
            // where the server requires it).
            path: 'profile',
            lazy: async () => {
              const { AdminProfileRoute } = await import('./routes/admin/profile');
              return { Component: AdminProfileRoute };
            },
          },
          { path: '*', element: <Navigate to="/admin/dashboard" replace /> },
        ],
      },
    ],
  },
];
