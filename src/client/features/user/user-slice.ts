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
}

const initialState: UserState = { currentUser: null };

export const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {
    /** The auth state changed: a profile when signed in, null when signed out. */
    currentUserChanged(state, action: PayloadAction<CurrentUser | null>) {
      state.currentUser = action.payload;
    },
  },
});

export const { currentUserChanged } = userSlice.actions;
