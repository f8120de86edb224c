import { Route, Routes } from 'react-router-dom';
import { GiftPage } from '../features/gifts/GiftPage';
import { AvatarPage } from '../features/avatar/AvatarPage';

/** The shell guards these routes (learners only); this remote only draws them. SPEC's spelling: /avater. */
export function RewardsRoutes() {
  return (
    <Routes>
      <Route path="/gift" element={<GiftPage />} />
      <Route path="/avater" element={<AvatarPage />} />
    </Routes>
  );
}
