import type { Session } from '@prelaunch/api';
import { useSyncExternalStore } from 'react';

/** Whether `session` is signed in, re-rendering when it starts or ends. */
export function useSessionActive(session: Session): boolean {
  return useSyncExternalStore(session.subscribe, session.isActive, session.isActive);
}
