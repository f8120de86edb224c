import { useSelector } from 'react-redux';
import type { RootState } from '@kidslearn/kit/platform';

export const useSessionStatus = () => useSelector((state: RootState) => state.session.status);
