import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { PlatformProvider } from './PlatformProvider';
import { CREDIT_READ_PAUSES_MS, useGemBalance } from './gem-balance';
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

  it('when a credit is announced but the gems service applies it a moment later, then the balance is read again until it shows it', async () => {
    let reads = 0;
    const test = createTestPlatform({
      session: 'learner',
      gateway: (req) => {
        if (req.url !== '/gems/learner%40kidslearn.test') return { status: 404 };
        reads += 1;
        return { status: 200, body: { email: 'learner@kidslearn.test', gems: reads >= 4 ? 6 : 5 } };
      },
    });
    const wrapper = ({ children }: { children: ReactNode }) => <PlatformProvider platform={test.platform}>{children}</PlatformProvider>;
    const { result } = renderHook(() => useGemBalance(), { wrapper });
    await waitFor(() => expect(result.current.gems).toBe(5));
    let seen: boolean | undefined;
    await act(async () => {
      seen = await result.current.awaitCredit(1);
    });
    expect(seen).toBe(true);
    await waitFor(() => expect(result.current.gems).toBe(6));
    // The first read, then three more: it stopped as soon as the credit showed.
    expect(reads).toBe(4);
  });

  it('when an announced credit never shows, then it stops after its last read and the last answer stands', async () => {
    jest.useFakeTimers();
    try {
      const { wrapper, calls } = setup(5);
      const { result } = renderHook(() => useGemBalance(), { wrapper });
      await waitFor(() => expect(result.current.gems).toBe(5));
      let seen: boolean | undefined;
      const done = result.current.awaitCredit(1).then((value) => {
        seen = value;
      });
      await act(async () => {
        await jest.runAllTimersAsync();
        await done;
      });
      expect(seen).toBe(false);
      expect(result.current.gems).toBe(5);
      expect(calls.filter((call) => call.url === '/gems/learner%40kidslearn.test')).toHaveLength(1 + CREDIT_READ_PAUSES_MS.length);
    } finally {
      jest.useRealTimers();
    }
  });

  it('when nobody is signed in, then the balance is unknown and changes do nothing', () => {
    const test = createTestPlatform({ session: 'anonymous' });
    const wrapper = ({ children }: { children: ReactNode }) => <PlatformProvider platform={test.platform}>{children}</PlatformProvider>;
    const { result } = renderHook(() => useGemBalance(), { wrapper });
    act(() => void result.current.change(-1));
    expect(result.current.gems).toBeUndefined();
  });
});
