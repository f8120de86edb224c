import { useSelector } from 'react-redux';
import type { RootState } from '@kidslearn/shell';

export const useSessionStatus = () => useSelector((state: RootState) => state.session.status);
