/**
 * The upload outcome notices' code (issue 11), loaded on demand apart from the frame (issue 14), and
 * whether it has arrived. When the outcomes (asked for with the profile) list any, the frame asks for
 * it at once and waits for it before its first render, so a notice is on screen with the frame and
 * never pushes the screen down as it arrives; without outcomes it comes after the frame, as before.
 * (It is not asked for with the profile every time: on a phone its bytes would load beside the
 * page's own, for a notice that is seldom there.)
 */
import { onDemand } from '../../shared/ui/on-demand';

type NoticesModule = typeof import('./upload-outcome-notices');

let loaded: NoticesModule | null = null;

export const loadOutcomeNotices = onDemand(() =>
  import('./upload-outcome-notices').then((m) => {
    loaded = m;
    return m;
  }),
);

/** The notices' module once it has arrived, else null. */
export const outcomeNoticesLoaded = (): NoticesModule | null => loaded;
