import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { HomePage } from '../features/home/HomePage';
import { Spinner } from '@kidslearn/kit/ui';
import { messages } from '../messages';

// Only the home page ships in this remote's first chunk; the other pages load when they are opened.
const CourseLessonsPage = lazy(() => import('../features/lessons/CourseLessonsPage').then((m) => ({ default: m.CourseLessonsPage })));
const PremiumPage = lazy(() => import('../features/premium/PremiumPage').then((m) => ({ default: m.PremiumPage })));
const AboutPage = lazy(() => import('../features/about/AboutPage').then((m) => ({ default: m.AboutPage })));
const ForbiddenPage = lazy(() => import('../features/forbidden/ForbiddenPage').then((m) => ({ default: m.ForbiddenPage })));
const RegistrationPage = lazy(() => import('../features/registration/RegistrationPage').then((m) => ({ default: m.RegistrationPage })));

export function PublicRoutes() {
  return (
    <Suspense fallback={<Spinner label={messages.loading} />}>
      <Routes>
        <Route index element={<HomePage />} />
        <Route path="course-details" element={<CourseLessonsPage />} />
        <Route path="Premium" element={<PremiumPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="forbidden" element={<ForbiddenPage />} />
        <Route path="authentication/registration" element={<RegistrationPage />} />
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
