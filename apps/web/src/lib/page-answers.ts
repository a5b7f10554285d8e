/**
 * Answers the server sent with the page. For a page that opens with public data (the run-time settings, the shop's
 * shelves, a book), the server puts the JSON answers to the API requests the page is about to make into the HTML:
 *
 *   <script type="application/json" id="page-answers">{"/api/config": {...}, "/api/advertised": [...]}</script>
 *
 * The page's first request for exactly one of those paths takes the answer from here instead of from the network:
 * on a phone that spares a round trip, after the code has arrived, before anything can be drawn. Each answer is
 * used once, and only while the page is new: every later request, a refetch included, goes to the server.
 */

/** How long after the page started an embedded answer still stands in for the server's. */
const FRESH_FOR_MS = 10_000;

const ELEMENT_ID = 'page-answers';

let answers: Map<string, unknown> | null = null;

function load(): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const element = document.getElementById(ELEMENT_ID);
  if (element?.textContent) {
    try {
      const parsed: unknown = JSON.parse(element.textContent);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        for (const [path, value] of Object.entries(parsed)) found.set(path, value);
      }
    } catch {
      // A damaged block is ignored: every request then goes to the server, as without one.
    }
  }
  element?.remove();
  return found;
}

/** The server's embedded answer for `path` (an API path with its query), once; `undefined` when there is none. */
export function takePageAnswer(path: string): { value: unknown } | undefined {
  answers ??= load();
  if (!answers.has(path)) return undefined;
  const value = answers.get(path);
  answers.delete(path);
  if (performance.now() > FRESH_FOR_MS) return undefined;
  return { value };
}

/** Forgets what was read, so a test can put another block in the document. */
export function resetPageAnswersForTests(): void {
  answers = null;
}
