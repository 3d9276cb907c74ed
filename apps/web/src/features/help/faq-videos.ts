import { FAQ_VIDEO_PATHS, type Platform } from '@vendaval/core/schemas/platform';

export type FaqVideo = Platform['faq_videos'][number];

/** The brand's tutorial videos for the screen at `pathname`: only /, /calendar and /omnichannel have any. */
export function faqVideosFor(videos: readonly FaqVideo[], pathname: string): FaqVideo[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!(FAQ_VIDEO_PATHS as readonly string[]).includes(path)) return [];
  return videos.filter((video) => video.path === path);
}
