import { createSlice } from '@reduxjs/toolkit';
import { SECTIONS, type Section } from '#shared/catalogue.ts';
import type { RootState } from '#client/app/store.ts';

export interface DirectoryState {
  sections: Section[];
}

const initialState: DirectoryState = { sections: SECTIONS };

export const directorySlice = createSlice({ name: 'directory', initialState, reducers: {} });

export const selectDirectorySections = (state: RootState) => state.directory.sections;
