import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface SessionUser {
  sub: string;
  email: string;
  name: string;
  /** Realm roles from the token; the app role itself comes from GET /users/email. */
  roles: string[];
}

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'anonymous'; user: null }
  | { status: 'authenticated'; user: SessionUser };

const initialState = { status: 'loading', user: null } as SessionState;

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn: (_state, action: PayloadAction<SessionUser>): SessionState => ({ status: 'authenticated', user: action.payload }),
    signedOut: (): SessionState => ({ status: 'anonymous', user: null }),
  },
});

export const { signedIn, signedOut } = sessionSlice.actions;
