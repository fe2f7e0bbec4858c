import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The signed-in shopper: the profile document users/{uid} plus its id. */
export interface CurrentUser {
  id: string;
  displayName: string;
  email: string;
  /** ISO 8601 date the profile was created (kept as text so the state stays serialisable). */
  createdAt: string;
  [extraField: string]: unknown;
}

export interface UserState {
  currentUser: CurrentUser | null;
  /** False until the identity service has answered once: signed out and not yet known differ. */
  authResolved: boolean;
}

const initialState: UserState = { currentUser: null, authResolved: false };

export const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {
    /** The auth state changed: a profile when signed in, null when signed out. */
    currentUserChanged(state, action: PayloadAction<CurrentUser | null>) {
      state.currentUser = action.payload;
      state.authResolved = true;
    },
  },
});

export const { currentUserChanged } = userSlice.actions;
