import { Route, Routes } from 'react-router-dom';
import { ChildPage } from '../features/child/ChildPage';
import { ChildrenPage } from '../features/children/ChildrenPage';
import { ConsentPage } from '../features/consent/ConsentPage';

/**
 * The shell admits parents (and, on /family/consent, visitors: the mail's link is opened before an account
 * exists); the server checks every call again and shows a parent only their own children.
 */
export function FamilyRoutes() {
  return (
    <Routes>
      <Route path="/family" element={<ChildrenPage />} />
      <Route path="/family/consent" element={<ConsentPage />} />
      <Route path="/family/children/:linkId" element={<ChildPage />} />
    </Routes>
  );
}
