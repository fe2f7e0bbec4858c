import { Link } from 'react-router';

export interface Crumb {
  name: string;
  to: string;
}

/** Where the page sits in the shop, the last step being the page itself (marked as current). */
export function Breadcrumb({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <ol className="breadcrumb__list">
        {trail.map((crumb, index) => (
          <li key={crumb.to} className="breadcrumb__step">
            {index === trail.length - 1 ? (
              <span aria-current="page">{crumb.name}</span>
            ) : (
              <Link to={crumb.to}>{crumb.name}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
