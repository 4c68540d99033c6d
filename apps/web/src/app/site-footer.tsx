import { Link } from '@tanstack/react-router';
import { useHydrated } from '../lib/use-hydrated';
import { LogoMark } from '../ui/logo';

export function SiteFooter() {
  // note: the year of the build is not this year forever; the prerendered page leaves it out.
  const year = useHydrated() ? `${new Date().getFullYear()} ` : '';
  return (
    <footer className="border-t border-zinc-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-2 text-sm text-zinc-600">
          <LogoMark className="size-6" />
          <span>© {year}Photoshoot. Professional portraits from your selfies.</span>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-zinc-600">
            <li>
              <Link className="hover:text-zinc-900" to="/teams-info">
                Teams
              </Link>
            </li>
            <li>
              <Link className="hover:text-zinc-900" to="/contact">
                Contact
              </Link>
            </li>
            <li>
              <Link className="hover:text-zinc-900" to="/privacy">
                Privacy
              </Link>
            </li>
            <li>
              <Link className="hover:text-zinc-900" to="/terms-of-service">
                Terms of service
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
