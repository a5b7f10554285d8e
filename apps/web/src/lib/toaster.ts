// react-hot-toast is fetched once the page is idle after start, not with the start-up JavaScript: a toast only ever
// follows something the visitor did, by which time it is there. The pages that show toasts import it themselves (and
// so fetch it at once when opened first); a toast asked for before the toaster is on the page waits in react-hot-toast's
// store and shows when it mounts.

type ToasterModule = typeof import('react-hot-toast');

let loaded: ToasterModule | null = null;
let loading: Promise<ToasterModule> | null = null;

/** react-hot-toast, fetched on first use. */
export function loadToaster(): Promise<ToasterModule> {
  loading ??= import('react-hot-toast').then((module) => (loaded = module));
  return loading;
}

/** react-hot-toast if it has arrived already. */
export function loadedToaster(): ToasterModule | null {
  return loaded;
}
