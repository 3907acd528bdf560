import { STORAGE_KEYS } from '@prelaunch/api';
import { atom } from 'jotai';

function readToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.userToken);
  } catch {
    return null;
  }
}

const tokenAtom = atom<string | null>(readToken());

/** SPEC §4: the buyer is logged in exactly when authToken is present. Writing keeps localStorage in step. */
export const authTokenAtom = atom(
  (get) => get(tokenAtom),
  (_get, set, token: string | null) => {
    if (token) localStorage.setItem(STORAGE_KEYS.userToken, token);
    else localStorage.removeItem(STORAGE_KEYS.userToken);
    set(tokenAtom, token);
  },
);
