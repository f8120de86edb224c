import { Route, Routes } from 'react-router-dom';
import { DashboardLayout } from './DashboardLayout';
import { OverviewPage } from '../features/overview/OverviewPage';
import { MyUsersPage } from '../features/users/MyUsersPage';
import { AddLessonPage } from '../features/lesson/AddLessonPage';
import { MakeAdminPage } from '../features/roles/MakeAdminPage';
import { PendingParcelsPage } from '../features/parcels/PendingParcelsPage';
import { ReviewsPage } from '../features/reviews/ReviewsPage';

/** /dashboard and its pages; the shell admits admins only, the server checks every call again. */
export function AdminRoutes() {
  return (
    <Routes>
      <Route path="/dashboard" element={<DashboardLayout />}>
        <Route index element={<OverviewPage />} />
        <Route path="my-users" element={<MyUsersPage />} />
        <Route path="add-lesson" element={<AddLessonPage />} />
        <Route path="make-admin" element={<MakeAdminPage />} />
        <Route path="redem-pending" element={<PendingParcelsPage />} />
        <Route path="reviews" element={<ReviewsPage />} />
      </Route>
    </Routes>
  );
}
