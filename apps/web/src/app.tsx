import { useEffect, useState } from 'react';

// Placeholder app: a landing page that checks the API, and a client-side 404.
// The server answers every non-/api path with index.html, so the SPA decides what exists.

type Health = { state: 'checking' } | { state: 'ok'; message: string } | { state: 'error'; message: string };

const HOME_TITLE = 'Photoshoot — professional portraits from your selfies';

export function App() {
  const path = window.location.pathname;
  return (
    <div className="page">
      <header className="site-header">
        <a className="brand" href="/" aria-label="Photoshoot home">
          <Logo />
          <span>Photoshoot</span>
        </a>
      </header>
      <main className="content">{path === '/' ? <Landing /> : <NotFound path={path} />}</main>
      <footer className="site-footer">© {new Date().getFullYear()} Photoshoot</footer>
    </div>
  );
}

function Landing() {
  const health = useHealth();
  useEffect(() => {
    document.title = HOME_TITLE;
  }, []);

  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero-grid">
        <div className="hero-copy">
          <p className="eyebrow">AI photoshoot</p>
          <h1 id="hero-title">Professional portraits from your selfies</h1>
          <p className="lead">
            Upload a few everyday selfies and get studio-quality headshots for your profile, team page or CV —
            no photographer, no studio.
          </p>
          <p className="notice">The full app is coming soon.</p>
          <HealthStatus health={health} />
        </div>
        <PortraitPreview />
      </div>

      <ol className="steps" aria-label="How it works">
        <li>
          <span className="step-number">1</span>
          <span className="step-title">Upload selfies</span>
          <span className="step-text">A handful of photos taken with your phone.</span>
        </li>
        <li>
          <span className="step-number">2</span>
          <span className="step-title">Pick a style</span>
          <span className="step-text">Corporate, creative, outdoor and more.</span>
        </li>
        <li>
          <span className="step-number">3</span>
          <span className="step-title">Get your portraits</span>
          <span className="step-text">Download polished, high-resolution results.</span>
        </li>
      </ol>
    </section>
  );
}

function HealthStatus({ health }: { health: Health }) {
  const text =
    health.state === 'checking'
      ? 'Checking the API…'
      : health.state === 'ok'
        ? health.message
        : `API is unavailable: ${health.message}`;
  return (
    <div
      className={`status status-${health.state}`}
      role="status"
      aria-live="polite"
      data-testid="api-status"
    >
      <span className="status-dot" aria-hidden="true" />
      <span className="status-label">API status</span>
      <span className="status-text">{text}</span>
    </div>
  );
}

function NotFound({ path }: { path: string }) {
  useEffect(() => {
    document.title = 'Page Not Found — Photoshoot';
  }, []);

  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="eyebrow">Error 404</p>
      <h1 id="not-found-title">Page Not Found</h1>
      <p className="lead">
        There is nothing at <code className="path">{path}</code>.
      </p>
      <a className="button" href="/">
        Back to the home page
      </a>
    </section>
  );
}

function useHealth(): Health {
  const [health, setHealth] = useState<Health>({ state: 'checking' });
  useEffect(() => {
    const controller = new AbortController();
    checkHealth(controller.signal).then(
      (message) => setHealth({ state: 'ok', message }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setHealth({ state: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, []);
  return health;
}

// GET /api/health answers {"code":200,"message":"API is healthy.","data":{}} (PocketBase API).
async function checkHealth(signal: AbortSignal): Promise<string> {
  const response = await fetch('/api/health', { signal, headers: { Accept: 'application/json' } });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const message =
    typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message
      : '';
  if (!response.ok) throw new Error(message || `HTTP ${response.status}`);
  if (body === undefined) throw new Error('unexpected response from /api/health');
  return message || 'API is healthy.';
}

// Decorative illustration: a selfie turning into a studio portrait (pure SVG/CSS, no images).
function PortraitPreview() {
  return (
    <div className="preview" aria-hidden="true">
      <div className="preview-selfie">
        <Silhouette tone="#b9b4c9" />
      </div>
      <div className="preview-portrait">
        <Silhouette tone="#2b2740" />
        <span className="preview-badge">Studio · Corporate</span>
      </div>
    </div>
  );
}

function Silhouette({ tone }: { tone: string }) {
  return (
    <svg viewBox="0 0 200 240" preserveAspectRatio="xMidYMax meet">
      <circle cx="100" cy="92" r="42" fill={tone} />
      <rect x="84" y="118" width="32" height="44" rx="12" fill={tone} />
      <path d="M20 240c0-52 36-88 80-88s80 36 80 88z" fill={tone} />
    </svg>
  );
}

function Logo() {
  return (
    <svg className="logo" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <circle cx="16" cy="17" r="7" fill="none" stroke="#fff" strokeWidth="3" />
      <rect x="11" y="6" width="10" height="4" rx="2" fill="#fff" />
    </svg>
  );
}
