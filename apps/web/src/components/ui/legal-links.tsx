import { Link } from '@tanstack/react-router';
import { textLink } from './styles';

/** Links to both texts, for footers and settings; each a 44 px target. */
export function LegalLinks() {
  const link = `inline-flex min-h-11 items-center ${textLink}`;
  return (
    <nav aria-label="Información legal">
      <ul className="flex flex-wrap gap-x-6">
        <li>
          <Link to="/legal/privacy" className={link}>
            Política de privacidad
          </Link>
        </li>
        <li>
          <Link to="/legal/terms" className={link}>
            Términos y condiciones
          </Link>
        </li>
      </ul>
    </nav>
  );
}
