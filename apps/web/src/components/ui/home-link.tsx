import { Link } from '@tanstack/react-router';
import { focusRing } from './styles';

/** The logo and name, leading home: the top of every page used before signing in. */
export function HomeLink() {
  return (
    <Link to="/" className={`flex min-h-11 items-center gap-3 rounded-md ${focusRing}`}>
      <img src="/logo.svg" alt="" width={40} height={40} />
      <span className="text-xl font-bold tracking-tight">Forja</span>
    </Link>
  );
}
