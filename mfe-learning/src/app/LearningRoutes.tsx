import { Route, Routes } from 'react-router-dom';
import { MyClassesPage } from '../features/classes/MyClassesPage';
import { StandingsPage } from '../features/standings/StandingsPage';
import { GamesPage } from '../features/games/GamesPage';

/** The shell guards these routes (learners only); this remote only draws them. */
export function LearningRoutes() {
  return (
    <Routes>
      <Route path="/my-classes" element={<MyClassesPage />} />
      <Route path="/standings" element={<StandingsPage />} />
      <Route path="/games" element={<GamesPage />} />
    </Routes>
  );
}
