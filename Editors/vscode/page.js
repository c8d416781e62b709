'use strict';
// The report page as the preview's webview shows it. No `vscode` here: the tests load it in a browser.

/**
 * The report page, made fit for a webview: a Content-Security-Policy that allows the page's own
 * inline style and, by a nonce, its own scripts and nothing else (no network, no other script).
 * Only the page's `<script>` tags are given the nonce: the data blocks are
 * `<script type="application/json">`, and scenario text is escaped in the page, so it cannot
 * hold a `<script>` tag. A first script keeps `history.replaceState` (the player writes the step
 * into the URL fragment) from throwing where the webview does not allow it.
 */
function webviewPage(html, cspSource, nonce) {
  const csp = [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    "style-src 'unsafe-inline'",
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  const head =
    `<meta http-equiv="Content-Security-Policy" content="${csp}">\n` +
    `<script nonce="${nonce}">try { history.replaceState(history.state, "", location.href); } ` +
    `catch (e) { history.replaceState = function () {}; }</script>\n`;
  return html.replace(/<script>/g, `<script nonce="${nonce}">`).replace(/<head>/i, `<head>\n${head}`);
}

function escapeHTML(text) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

module.exports = { webviewPage, escapeHTML };
