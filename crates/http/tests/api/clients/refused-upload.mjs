// Posts a 1 KiB picture to the URL given (POST /api/books) without a token, with Node's own fetch, as a browser
// or a script would, and prints {"status", "body"} as JSON. A server that answers the refusal and closes the
// connection while the body is still being sent makes fetch fail (EPIPE, a reset) instead: the script then exits 1.
const [url] = process.argv.slice(2);
if (!url) {
  console.error('usage: node refused-upload.mjs <url>');
  process.exit(2);
}
const form = new FormData();
form.append('title', 'Gitanjali');
form.append('image', new Blob([new Uint8Array(1024).fill(7)], { type: 'image/png' }), 'cover.png');
try {
  const response = await fetch(url, { method: 'POST', body: form });
  console.log(JSON.stringify({ status: response.status, body: await response.json() }));
} catch (error) {
  console.log(JSON.stringify({ error: String(error), cause: String(error?.cause ?? '') }));
  process.exit(1);
}
