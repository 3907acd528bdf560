import { useEffect } from 'react';

export interface DocumentMeta {
  title?: string;
  description?: string;
  keywords?: string;
  /** Favicon url. */
  icon?: string;
}

function setMeta(name: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Page title, description, keywords and favicon from the token's settings. */
export function useDocumentMeta({ title, description, keywords, icon }: DocumentMeta) {
  useEffect(() => {
    if (title) document.title = title;
    if (description) setMeta('description', description);
    if (keywords) setMeta('keywords', keywords);
    if (icon) {
      let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
      if (!link) {
        link = document.createElement('link');
        link.rel = 'icon';
        document.head.appendChild(link);
      }
      link.href = icon;
    }
  }, [title, description, keywords, icon]);
}
