// The one Testing Library set-up for every web package (apps point their setupFiles here).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// CI shares two cores with Postgres, Redis and the Go race detector: give async queries room.
configure({ asyncUtilTimeout: 10000 });

afterEach(() => cleanup());
