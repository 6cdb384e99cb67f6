/**
 * The upload outcome notices' code (issue 11), loaded on demand apart from the frame (issue 14), and
 * whether it has arrived. The frame's loader starts it with the profile, the configuration and the
 * outcomes themselves; when there are outcomes to show, the frame waits for it as for them, so a
 * notice is on screen with the frame's first render and never pushes the screen down as it arrives.
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
