/**
 * JSON to put inside an HTML <script> element (the page state, JSON-LD): the characters that could
 * end the element or start a comment (`</script>`, `<!--`) are written as JSON escapes, which every
 * JSON reader turns back into the same text. A stored title such as
 * `</script><script>alert(1)</script>` stays text.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
