import type { RootState } from '#client/app/store.ts';

export const selectCurrentUser = (state: RootState) => state.user.currentUser;
export const selectAuthResolved = (state: RootState) => state.user.authResolved;
