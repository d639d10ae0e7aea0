/* kgsync: the search index is fetched when search is first used, not with every page.
 *
 * mkdocs-material's script requests search/search_index.json (several MB on a large site) as
 * soon as a page opens.  This script runs first (mkdocs.yml: extra.polyfills, in the page head)
 * and holds that one request back until the reader opens search: focuses the search field,
 * presses the search button, or uses a search shortcut (the theme focuses the field then).
 * Every other request goes out as it would.
 */
(function () {
  "use strict";
  var INDEX = /(^|\/)search\/search_index\.json(\?|#|$)/;
  var open = XMLHttpRequest.prototype.open, send = XMLHttpRequest.prototype.send;
  var held = [], wanted = false;

  XMLHttpRequest.prototype.open = function (method, url) {
    this.kgsyncIndex = INDEX.test(String(url));
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    if (this.kgsyncIndex && !wanted) {
      held.push([this, arguments]);
      return undefined;
    }
    return send.apply(this, arguments);
  };

  function load() {
    if (wanted) return;
    wanted = true;
    held.splice(0).forEach(function (request) { send.apply(request[0], request[1]); });
  }
  function isSearch(target) {
    return target && target.closest && target.closest(".md-search, label[for='__search'], #__search");
  }
  document.addEventListener("focusin", function (event) { if (isSearch(event.target)) load(); }, true);
  document.addEventListener("pointerdown", function (event) { if (isSearch(event.target)) load(); }, true);
  document.addEventListener("change", function (event) { if (isSearch(event.target)) load(); }, true);
  // A search link (?q=...) opens search at once.
  if (/[?&]q=/.test(location.search)) load();
})();
