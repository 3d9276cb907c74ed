import { describe, expect, it } from 'vitest';
import { type FaqVideo, faqVideosFor } from './faq-videos.ts';

const video = (path: string, title: string): FaqVideo => ({
  path,
  local: false,
  src: `https://www.youtube-nocookie.com/embed/${title}`,
  title,
});
const VIDEOS = [
  video('/', 'funil'),
  video('/calendar', 'agenda'),
  video('/omnichannel', 'chat'),
  video('/dashboard', 'painel'),
];

describe('FAQ videos by path', () => {
  it('PLAT-069 PLAT-020 the pipeline, the calendar and the omnichannel show their own videos', () => {
    expect(faqVideosFor(VIDEOS, '/').map((v) => v.title)).toEqual(['funil']);
    expect(faqVideosFor(VIDEOS, '/calendar').map((v) => v.title)).toEqual(['agenda']);
    expect(faqVideosFor(VIDEOS, '/omnichannel/').map((v) => v.title)).toEqual(['chat']);
  });

  it('PLAT-069 any other path shows none, even when the profile names it', () => {
    expect(faqVideosFor(VIDEOS, '/dashboard')).toEqual([]);
    expect(faqVideosFor(VIDEOS, '/contacts')).toEqual([]);
  });
});
