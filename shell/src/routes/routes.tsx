import type { RouteObject } from 'react-router-dom';
import { Layout } from '../layout/Layout';
import { RemoteArea } from '../remotes/RemoteArea';
import { RequireAdmin, RequireLearner } from './guards';
import { AuthenticationRedirect } from './AuthenticationRedirect';
import { NotFound } from './NotFound';

// Each remote is one pathless layout route, so moving between its pages keeps it mounted;
// the remote's own router picks the page.
const pages = (...paths: string[]): RouteObject[] => paths.map((path) => ({ path }));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      {
        element: <RemoteArea remote="mfe_public" />,
        children: [{ index: true }, ...pages('course-details', 'Premium', 'about', 'forbidden', 'authentication/registration')],
      },
      { path: 'authentication', element: <AuthenticationRedirect /> },
      {
        element: <RequireLearner />,
        children: [
          { element: <RemoteArea remote="mfe_learning" />, children: pages('my-classes', 'standings', 'games') },
          { element: <RemoteArea remote="mfe_rewards" />, children: pages('gift', 'avater') },
        ],
      },
      {
        path: 'dashboard',
        element: <RequireAdmin />,
        children: [{ element: <RemoteArea remote="mfe_admin" />, children: [{ index: true }, { path: '*' }] }],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];
