import { useEffect } from 'react';

export function useFavicon(href: string | undefined): void {
  useEffect(() => {
    if (!href) return;
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.href = href;
  }, [href]);
}
