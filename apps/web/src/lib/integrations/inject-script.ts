/** Adds a third-party script once (by src), async, without sending our address along. */
export function injectScript(src: string, attributes: Record<string, string> = {}): void {
  if ([...document.scripts].some((s) => s.getAttribute('src') === src)) return;
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.referrerPolicy = 'no-referrer';
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.appendChild(script);
}
