import { useEffect } from 'react';
import { usePageTitle } from './page-title.ts';

function setMeta(attr: 'name' | 'property', key: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attr, key);
    document.head.append(tag);
  }
  tag.content = content;
}

/**
 * Title, description and Open Graph tags of a page while it is shown (the prerendered pages
 * carry the same tags in their HTML). `title` null = the landing's own title.
 */
export function usePageMeta(title: string | null, description: string): void {
  usePageTitle(title);
  useEffect(() => {
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', document.title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:url', window.location.origin + window.location.pathname);
    setMeta('property', 'og:locale', 'es_DO');
  }, [title, description]);
}
