import { Link } from 'react-router';
import './listing-not-found.css';

export interface ListingNotFoundProps {
  title: string;
  text: string;
  /** Where the visitor goes on from here: the list of that type, or the owner's posts. */
  link: { to: string; label: string };
}

/** A listing page's answer for an id it cannot show; the page's title says so too. */
export function ListingNotFound({ title, text, link }: ListingNotFoundProps) {
  return (
    <div role="status" data-testid="listing-not-found" className="listing-not-found">
      <title>{title}</title>
      <h1>{title}</h1>
      <p className="listing-not-found__text">{text}</p>
      <Link to={link.to} className="btn listing-not-found__link">
        {link.label}
      </Link>
    </div>
  );
}
