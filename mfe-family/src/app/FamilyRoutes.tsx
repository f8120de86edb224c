import { Route, Routes } from 'react-router-dom';
import { ChildrenPage } from '../features/children/ChildrenPage';

/** The shell admits parents only (realm role parent); the server checks every call again. */
export function FamilyRoutes() {
  return (
    <Routes>
      <Route path="/family" element={<ChildrenPage />} />
    </Routes>
  );
}
