import { Route, Routes } from 'react-router-dom';
import { HomePage } from '../features/home/HomePage';
import { CourseLessonsPage } from '../features/lessons/CourseLessonsPage';
import { PremiumPage } from '../features/premium/PremiumPage';
import { AboutPage } from '../features/about/AboutPage';
import { ForbiddenPage } from '../features/forbidden/ForbiddenPage';
import { RegistrationPage } from '../features/registration/RegistrationPage';

export function PublicRoutes() {
  return (
    <Routes>
      <Route index element={<HomePage />} />
      <Route path="course-details" element={<CourseLessonsPage />} />
      <Route path="Premium" element={<PremiumPage />} />
      <Route path="about" element={<AboutPage />} />
      <Route path="forbidden" element={<ForbiddenPage />} />
      <Route path="authentication/registration" element={<RegistrationPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}
