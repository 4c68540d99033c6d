/** The support chat widget: Crisp or Tawk.to, by their public site ids, shown or hidden per page. */
import type { PublicChat } from '@photoshoot/contract';
import { injectScript } from './inject-script';

type ChatWindow = Window & {
  $crisp?: unknown[][];
  CRISP_WEBSITE_ID?: string;
  Tawk_API?: { hideWidget?: () => void; showWidget?: () => void; onLoad?: () => void };
  Tawk_LoadStart?: Date;
};

export const CRISP_SCRIPT = 'https://client.crisp.chat/l.js';
export const tawkScript = (propertyId: string, widgetId: string) =>
  `https://embed.tawk.to/${encodeURIComponent(propertyId)}/${encodeURIComponent(widgetId)}`;

function crisp(websiteId: string, visible: boolean): void {
  const w = window as ChatWindow;
  if (!w.$crisp) {
    if (!visible) return;
    w.$crisp = [];
    w.CRISP_WEBSITE_ID = websiteId;
    injectScript(CRISP_SCRIPT);
  }
  w.$crisp.push(['do', visible ? 'chat:show' : 'chat:hide']);
}

function tawk(propertyId: string, widgetId: string, visible: boolean): void {
  const w = window as ChatWindow;
  if (!w.Tawk_API) {
    if (!visible) return;
    w.Tawk_API = {};
    w.Tawk_LoadStart = new Date();
    injectScript(tawkScript(propertyId, widgetId), { charset: 'UTF-8', crossorigin: '*' });
    return;
  }
  (visible ? w.Tawk_API.showWidget : w.Tawk_API.hideWidget)?.();
}

/** Loads the widget on the first public page; later only shows or hides it. */
export function showChat(chat: PublicChat, visible: boolean): void {
  if (chat.provider === 'crisp') crisp(chat.websiteId, visible);
  else tawk(chat.propertyId, chat.widgetId, visible);
}
