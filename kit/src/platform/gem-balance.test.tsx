import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { PlatformProvider } from './PlatformProvider';
import { useGemBalance } from './gem-balance';
import { useCurrentUser } from './useCurrentUser';
import { createTestPlatform } from '../testing';

function setup(gems: number) {
  const test = createTestPlatform({ session: 'learner', gems });
  const wrapper = ({ children }: { children: ReactNode }) => <PlatformProvider platform={test.platform}>{children}</PlatformProvider>;
  return { ...test, wrapper };
}

describe('the one gem balance (SPEC §4)', () => {
  it('when a learner is signed in, then the balance comes from GET /gems/{email}', async () => {
    const { wrapper, calls } = setup(9);
    const { result } = renderHook(() => useGemBalance(), { wrapper });
    await waitFor(() => expect(result.current.gems).toBe(9));
    expect(calls.some((call) => call.url === '/gems/learner%40kidslearn.test')).toBe(true);
  });

  it('when changed optimistically below zero, then it stops at 0, and the rollback restores it', async () => {
    const { wrapper } = setup(3);
    const { result } = renderHook(() => ({ balance: useGemBalance(), user: useCurrentUser() }), { wrapper });
    await waitFor(() => expect(result.current.balance.gems).toBe(3));
    let rollback = () => undefined as void;
    act(() => {
      rollback = result.current.balance.change(-5);
    });
    await waitFor(() => expect(result.current.balance.gems).toBe(0));
    // Every reader (the navbar's useCurrentUser too) sees the same balance.
    expect(result.current.user.gems).toBe(0);
    act(() => rollback());
    await waitFor(() => expect(result.current.balance.gems).toBe(3));
  });

  it("when set from a server's answer, then that total replaces the balance", async () => {
    const { wrapper } = setup(3);
    const { result } = renderHook(() => useGemBalance(), { wrapper });
    await waitFor(() => expect(result.current.gems).toBe(3));
    act(() => result.current.set(11));
    await waitFor(() => expect(result.current.gems).toBe(11));
  });

  it('when nobody is signed in, then the balance is unknown and changes do nothing', () => {
    const test = createTestPlatform({ session: 'anonymous' });
    const wrapper = ({ children }: { children: ReactNode }) => <PlatformProvider platform={test.platform}>{children}</PlatformProvider>;
    const { result } = renderHook(() => useGemBalance(), { wrapper });
    act(() => void result.current.change(-1));
    expect(result.current.gems).toBeUndefined();
  });
});
