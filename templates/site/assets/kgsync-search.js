/* kgsync: the search index is fetched when search is first used, not with every page.
 *
 * mkdocs-material's script requests search/search_index.json (several MB on a large site) as
 * soon as a page opens.  This script runs first (mkdocs.yml: extra.polyfills, in the page head)
 * and holds that one request, and the start of its search worker, back until the reader opens
 * search: focuses the search field, presses the search button, or uses a search shortcut (the
 * theme focuses the field then).  Every other request goes out as it would.
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

  // The theme's search worker (its script, and lunr in it) starts when the index is wanted too:
  // until then the theme talks to a stand-in that keeps its listeners and messages.
  var RealWorker = window.Worker, WORKER = /search\.[0-9a-f]+\.min\.js(\?|#|$)/, starters = [];
  if (RealWorker) {
    window.Worker = function (url, options) {
      if (wanted || !WORKER.test(String(url))) return new RealWorker(url, options);
      var listeners = [], messages = [], real = null;
      var standIn = {
        addEventListener: function (type, fn, opts) {
          if (real) real.addEventListener(type, fn, opts); else listeners.push([type, fn, opts]);
        },
        removeEventListener: function (type, fn, opts) {
          if (real) real.removeEventListener(type, fn, opts);
          else listeners = listeners.filter(function (l) { return l[0] !== type || l[1] !== fn; });
        },
        postMessage: function (message, transfer) {
          if (real) real.postMessage(message, transfer || []); else messages.push([message, transfer || []]);
        },
        terminate: function () { if (real) real.terminate(); listeners = []; messages = []; }
      };
      starters.push(function () {
        real = new RealWorker(url, options);
        listeners.forEach(function (l) { real.addEventListener(l[0], l[1], l[2]); });
        messages.forEach(function (m) { real.postMessage(m[0], m[1]); });
      });
      return standIn;
    };
    window.Worker.prototype = RealWorker.prototype;
  }

  function load() {
    if (wanted) return;
    wanted = true;
    starters.splice(0).forEach(function (start) { start(); });
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
