import { Link } from 'react-router';

/** The page of every unknown route; `home` is where its one button leads (each app's login). */
export function NotFound({ home }: { home: string }) {
  return (
    <main className="container py-5 text-center">
      <h1 className="h3 mb-3">Page not found</h1>
      <p className="text-muted">The page you are looking for does not exist.</p>
      <Link to={home} className="btn btn-primary">
        Go to login
      </Link>
    </main>
  );
}
