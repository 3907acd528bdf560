import { Link } from 'react-router';

export default function NotFound() {
  return (
    <main className="container py-5 text-center">
      <h1 className="h3 mb-3">Page not found</h1>
      <p className="text-muted">The page you are looking for does not exist.</p>
      <Link to="/admin/login" className="btn btn-primary">
        Go to login
      </Link>
    </main>
  );
}
