/* kgsync site script (written for kgsync: no library, nothing loaded from elsewhere).
 *
 * 1. The theme's search dialog gets an accessible name (axe-core: aria-dialog-name).
 * 2. The graph explorer: the concept/item neighbourhood of one node, drawn as SVG.
 * The explorer page holds
 * <div id="kg-explorer" data-graph="graph.json">; graph.json is
 * {"n": [[label, kind, url, name], ...], "e": [[i, j], ...]} (kind: c concept, i item).
 * Drag to pan, wheel to zoom, click a node to open its page; "?node=<name>" picks the centre.
 */
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var RING1 = 16, RING2 = 24;

  function el(name, attrs, parent) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (parent) parent.appendChild(node);
    return node;
  }

  function start(box, graph) {
    var nodes = graph.n, adj = nodes.map(function () { return []; });
    graph.e.forEach(function (e) { adj[e[0]].push(e[1]); adj[e[1]].push(e[0]); });
    var byName = {};
    nodes.forEach(function (n, i) { byName[n[3]] = i; });
    var busiest = 0;
    nodes.forEach(function (n, i) { if (n[1] === "c" && adj[i].length > adj[busiest].length) busiest = i; });
    var wanted = new URLSearchParams(location.search).get("node");
    var focus = wanted in byName ? byName[wanted] : busiest;

    var form = document.createElement("form");
    form.className = "kg-explorer-form";
    form.setAttribute("role", "search");
    var label = document.createElement("label");
    label.textContent = "Centre on a concept or item: ";
    var input = document.createElement("input");
    input.type = "search";
    input.setAttribute("list", "kg-explorer-names");
    input.id = "kg-explorer-input";
    label.setAttribute("for", input.id);
    var list = document.createElement("datalist");
    list.id = "kg-explorer-names";
    nodes.forEach(function (n) {
      if (n[1] === "c") { var o = document.createElement("option"); o.value = n[0]; list.appendChild(o); }
    });
    var go = document.createElement("button");
    go.type = "submit";
    go.textContent = "Show";
    form.append(label, input, list, go);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var wantedLabel = input.value.trim().toLowerCase();
      for (var i = 0; i < nodes.length; i++) {
        if (nodes[i][0].toLowerCase() === wantedLabel) { draw(i); return; }
      }
    });

    var svg = el("svg", {"class": "kg-explorer-svg", viewBox: "-500 -400 1000 800", role: "group",
                         "aria-label": "Neighbourhood graph: each node links to its page"});
    var caption = document.createElement("p");
    var listing = document.createElement("ul");
    listing.className = "kg-explorer-list";
    box.append(form, svg, caption, listing);

    var view = {x: -500, y: -400, w: 1000, h: 800};
    function setView() { svg.setAttribute("viewBox", [view.x, view.y, view.w, view.h].join(" ")); }
    var drag = null;
    svg.addEventListener("pointerdown", function (event) {
      if (event.target.closest("a")) return;
      drag = {x: event.clientX, y: event.clientY, vx: view.x, vy: view.y};
      svg.setPointerCapture(event.pointerId);
    });
    svg.addEventListener("pointermove", function (event) {
      if (!drag) return;
      var scale = view.w / svg.clientWidth;
      view.x = drag.vx - (event.clientX - drag.x) * scale;
      view.y = drag.vy - (event.clientY - drag.y) * scale;
      setView();
    });
    svg.addEventListener("pointerup", function () { drag = null; });
    svg.addEventListener("wheel", function (event) {
      event.preventDefault();
      var factor = event.deltaY > 0 ? 1.15 : 1 / 1.15;
      var cx = view.x + view.w / 2, cy = view.y + view.h / 2;
      view.w *= factor; view.h *= factor; view.x = cx - view.w / 2; view.y = cy - view.h / 2;
      setView();
    }, {passive: false});

    function byDegree(a, b) { return adj[b].length - adj[a].length || (nodes[a][0] < nodes[b][0] ? -1 : 1); }

    function draw(centre) {
      focus = centre;
      while (svg.firstChild) svg.removeChild(svg.firstChild);
      listing.textContent = "";
      view = {x: -500, y: -400, w: 1000, h: 800};
      setView();
      var first = adj[centre].slice().sort(byDegree).slice(0, RING1);
      var seen = {}; seen[centre] = true;
      first.forEach(function (i) { seen[i] = true; });
      var second = [];
      first.forEach(function (i) {
        adj[i].slice().sort(byDegree).forEach(function (j) {
          if (!seen[j] && second.length < RING2) { seen[j] = true; second.push(j); }
        });
      });
      var place = {}; place[centre] = [0, 0];
      [[first, 200], [second, 350]].forEach(function (ring) {
        ring[0].forEach(function (i, k) {
          var angle = 2 * Math.PI * k / ring[0].length - Math.PI / 2;
          place[i] = [Math.cos(angle) * ring[1] * 1.2, Math.sin(angle) * ring[1] * 0.95];
        });
      });
      var edges = el("g", {"class": "kg-explorer-edges"}, svg);
      Object.keys(place).forEach(function (a) {
        adj[a].forEach(function (b) {
          if (place[b] && +a < b) {
            el("line", {x1: place[a][0], y1: place[a][1], x2: place[b][0], y2: place[b][1]}, edges);
          }
        });
      });
      [centre].concat(first, second).forEach(function (i) {
        var n = nodes[i], p = place[i];
        var link = el("a", {href: n[2], "class": "kg-explorer-node kg-kind-" + n[1] + (i === centre ? " kg-centre" : ""),
                            "aria-label": (n[1] === "c" ? "Concept: " : "Item: ") + n[0]}, svg);
        link.dataset.name = n[3];
        el("circle", {cx: p[0], cy: p[1], r: i === centre ? 16 : (n[1] === "c" ? 10 : 7)}, link);
        var text = el("text", {x: p[0], y: p[1] - (i === centre ? 22 : 14), "text-anchor": "middle"}, link);
        text.textContent = n[0].length > 40 ? n[0].slice(0, 39) + "…" : n[0];
        if (i !== centre) {
          var li = document.createElement("li");
          var a = document.createElement("a");
          a.href = n[2];
          a.textContent = n[0];
          li.append(a, document.createTextNode(n[1] === "c" ? " (concept)" : " (item)"));
          listing.appendChild(li);
        }
      });
      caption.textContent = "Centre: " + nodes[centre][0] + " — " + first.length + " neighbours shown, " +
        second.length + " at two steps. Drag to pan, scroll to zoom, click a node to open its page.";
      box.dataset.ready = "true";
    }
    draw(focus);
  }

  function init() {
    var search = document.querySelector(".md-search[role=dialog]");
    if (search && !search.hasAttribute("aria-label")) search.setAttribute("aria-label", "Search");
    var box = document.getElementById("kg-explorer");
    if (!box || box.dataset.started) return;
    box.dataset.started = "true";
    fetch(box.dataset.graph).then(function (r) { return r.json(); }).then(function (g) { start(box, g); });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
