import { Link } from 'react-router';

/**
 * The buyer app's page for unknown routes, light text on the dark page background (contrast ≥ 4.5:1; the shared page had dark text on the dark body, 1.25:1).
 */
export default function NotFound() {
  return (
    <main className="pl-page container-fluid py-5 text-center justify-content-center" style={{ color: '#fff' }}>
      <h1 className="h3 mb-3">Page not found</h1>
      <p style={{ color: 'rgba(255, 255, 255, 0.85)' }}>The page you are looking for does not exist.</p>
      <p className="d-flex flex-wrap justify-content-center gap-2">
        <Link to="/" className="btn btn-light">Go to login</Link>
        <Link to="/user/dashboard" className="btn btn-outline-light">Go to dashboard</Link>
      </p>
    </main>
  );
}
