import type { KycLocation } from '@prelaunch/api';
import { ButtonLabel } from '@prelaunch/ui';
import { useState } from 'react';

/** Asks the browser for its location (Geolocation API); a refusal is an answer too. */
export function askLocation(): Promise<KycLocation> {
  return new Promise((resolve) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      resolve({ status: 'UNAVAILABLE' });
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({
          status: 'GRANTED',
          latitude: Math.round(p.coords.latitude * 1e6) / 1e6,
          longitude: Math.round(p.coords.longitude * 1e6) / 1e6,
          accuracy: Math.round(p.coords.accuracy),
        }),
      (err) => resolve({ status: err.code === err.PERMISSION_DENIED ? 'DECLINED' : 'UNAVAILABLE' }),
      { enableHighAccuracy: false, timeout: 15000, maximumAge: 60000 },
    );
  });
}

export function locationLabel(l: KycLocation): string {
  if (l.status === 'GRANTED') return 'Location shared with your submission.';
  if (l.status === 'DECLINED') return 'You chose not to share your location.';
  return 'Your browser could not tell your location; the submission says so.';
}

/** Consent: share the browser's location with the submission, or not. */
export function ConsentStep({ onAnswer }: { onAnswer: (l: KycLocation) => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <div>
      <p className="small mb-3">
        With your consent we keep your approximate location with your submission, beside your IP address and browser, as
        evidence that you sent it. You may decline; your submission is reviewed either way.
      </p>
      <div className="d-grid gap-2 d-sm-flex">
        <button
          type="button"
          className="btn pl-btn-gradient fw-semibold"
          disabled={asking}
          onClick={async () => {
            setAsking(true);
            const l = await askLocation();
            setAsking(false);
            onAnswer(l);
          }}
        >
          <ButtonLabel pending={asking} idle="Share my location" busy="Asking your browser..." />
        </button>
        <button type="button" className="btn btn-outline-secondary" disabled={asking} onClick={() => onAnswer({ status: 'DECLINED' })}>
          Don't share
        </button>
      </div>
    </div>
  );
}
