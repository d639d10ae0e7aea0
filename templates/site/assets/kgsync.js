/* kgsync site script (written for kgsync: no library, nothing loaded from elsewhere).
 *
 * 1. The theme's search dialog gets an accessible name (axe-core: aria-dialog-name).
 * 2. The graph explorer: the concept/item neighbourhood of one node, drawn as SVG.
 * The explorer page holds
 * <div id="kg-explorer" data-graph="graph.json">; graph.json is
 * {"n": [[label, kind, url, name(, aliases)], ...], "e": [[i, j], ...]} (kind: c concept, i item).
 * Drag to pan, wheel to zoom, click a node to open its page; "?node=<name, alias or part of one>"
 * picks the centre, and so does the form (it says when nothing matches).
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

  var MIN_LABEL_GAP = 4;  // px between two labels; a label that would overlap another is hidden

  function fold(text) { return String(text).toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
                                .replace(/[-_]+/g, " ").trim(); }

  /* The nodes ``query`` names, best first: its name, title or alias exactly, then a title or alias
   * that starts with it, then one that contains it (concepts before items, busiest first). */
  function finder(nodes, adj) {
    var keys = nodes.map(function (n) {
      return [fold(n[0])].concat((n[4] || []).map(fold));
    });
    return function (query) {
      var q = fold(query);
      if (!q) return [];
      var ranked = [];
      nodes.forEach(function (n, i) {
        var rank = n[3] === query.trim() ? 0 : 9;
        keys[i].forEach(function (k) {
          if (k === q) rank = Math.min(rank, 1);
          else if (k.indexOf(q) === 0) rank = Math.min(rank, 2);
          else if (k.indexOf(q) > 0) rank = Math.min(rank, 3);
        });
        if (rank < 9) ranked.push([rank, n[1] === "c" ? 0 : 1, -adj[i].length, n[0], i]);
      });
      ranked.sort(function (a, b) {
        for (var k = 0; k < 4; k++) { if (a[k] !== b[k]) return a[k] < b[k] ? -1 : 1; }
        return 0;
      });
      return ranked.map(function (r) { return r[4]; });
    };
  }

  function start(box, graph) {
    var nodes = graph.n, adj = nodes.map(function () { return []; });
    graph.e.forEach(function (e) { adj[e[0]].push(e[1]); adj[e[1]].push(e[0]); });
    var find = finder(nodes, adj);
    var busiest = 0;
    nodes.forEach(function (n, i) { if (n[1] === "c" && adj[i].length > adj[busiest].length) busiest = i; });

    var form = document.createElement("form");
    form.className = "kg-explorer-form";
    form.setAttribute("role", "search");
    var label = document.createElement("label");
    label.textContent = "Centre on a concept or item (a name, an alias or part of one): ";
    var input = document.createElement("input");
    input.type = "search";
    input.setAttribute("list", "kg-explorer-names");
    input.id = "kg-explorer-input";
    label.setAttribute("for", input.id);
    var list = document.createElement("datalist");
    list.id = "kg-explorer-names";
    nodes.forEach(function (n) {
      if (n[1] !== "c") return;
      [n[0]].concat(n[4] || []).forEach(function (name) {
        var o = document.createElement("option"); o.value = name; list.appendChild(o);
      });
    });
    var go = document.createElement("button");
    go.type = "submit";
    go.textContent = "Show";
    var status = document.createElement("p");
    status.className = "kg-explorer-status";
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    var others = document.createElement("ul");
    others.className = "kg-explorer-matches";
    form.append(label, input, list, go);

    function choose(query, fromAddress) {
      var found = find(query);
      others.textContent = "";
      if (!found.length) {
        status.textContent = "Nothing matches “" + query + "”. Try part of a name or an alias" +
          (fromAddress ? "; showing " + nodes[focus][0] + " instead." : ".");
        status.classList.add("kg-explorer-none");
        return false;
      }
      status.classList.remove("kg-explorer-none");
      draw(found[0]);
      if (found.length > 1) {
        status.textContent = found.length + " nodes match “" + query + "”: showing " + nodes[found[0]][0] +
          ". Others:";
        found.slice(1, 7).forEach(function (i) {
          var li = document.createElement("li");
          var b = document.createElement("button");
          b.type = "button";
          b.textContent = nodes[i][0] + (nodes[i][1] === "c" ? " (concept)" : " (item)");
          b.addEventListener("click", function () { draw(i); status.textContent = ""; others.textContent = ""; });
          li.appendChild(b);
          others.appendChild(li);
        });
      } else {
        status.textContent = "";
      }
      return true;
    }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      choose(input.value, false);
    });

    var svg = el("svg", {"class": "kg-explorer-svg", role: "group",
                         "aria-label": "Neighbourhood graph: each node links to its page"});
    var caption = document.createElement("p");
    var listing = document.createElement("ul");
    listing.className = "kg-explorer-list";
    box.append(form, status, others, svg, caption, listing);

    // One SVG unit is one CSS pixel at the default zoom: labels keep their CSS font size.
    var view = {x: 0, y: 0, w: 800, h: 600};
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

    function overlaps(a, b) {
      return a.x < b.x + b.width + MIN_LABEL_GAP && b.x < a.x + a.width + MIN_LABEL_GAP &&
             a.y < b.y + b.height + MIN_LABEL_GAP && b.y < a.y + a.height + MIN_LABEL_GAP;
    }

    /* ``label`` in at most ``max`` characters, cut between words (a reader, and a screen reader
     * matching the visible words against the link's name, gets whole words). */
    function shorten(label, max) {
      if (label.length <= max) return label;
      var cut = label.slice(0, max - 1), space = cut.lastIndexOf(" ");
      return (space > max / 3 ? cut.slice(0, space) : cut).replace(/[\s,;:.\-–—]+$/, "") + "…";
    }

    /* Put ``label`` next to the node at ``p``: beside it (away from the centre), above, then below,
     * shortened if it must be; false when no place is inside the drawing and clear of the labels
     * already placed (the node keeps its name as a tooltip and in the list under the drawing). */
    var placed = [], circles = [], maxChars = 34;
    function placeLabel(text, label, p, isCentre, own) {
      var side = p[0] >= 0 ? 1 : -1;
      var spots = isCentre ? [[0, -18, "middle"]] :
        [[11 * side, 4, side > 0 ? "start" : "end"], [0, -12, "middle"], [0, 20, "middle"],
         [-11 * side, 4, side > 0 ? "end" : "start"]];
      var lengths = [maxChars, 18];
      for (var l = 0; l < lengths.length; l++) {
        text.textContent = shorten(label, lengths[l]);
        for (var s = 0; s < spots.length; s++) {
          text.setAttribute("x", p[0] + spots[s][0]);
          text.setAttribute("y", p[1] + spots[s][1]);
          text.setAttribute("text-anchor", spots[s][2]);
          var b = text.getBBox();
          var inside = b.x >= view.x + 2 && b.x + b.width <= view.x + view.w - 2 &&
                       b.y >= view.y && b.y + b.height <= view.y + view.h;
          var clear = !placed.some(function (o) { return overlaps(o, b); }) &&
                      !circles.some(function (c) { return c[0] !== own && overlaps(c[1], b); });
          if (isCentre || (inside && clear)) {
            placed.push(b);
            return true;
          }
        }
      }
      return false;
    }

    var focus = busiest;
    function draw(centre) {
      focus = centre;
      while (svg.firstChild) svg.removeChild(svg.firstChild);
      listing.textContent = "";
      var width = Math.max(280, Math.round(svg.getBoundingClientRect().width || box.clientWidth || 800));
      var height = Math.round(Math.max(340, Math.min(width * 0.75, 640)));
      drawnWidth = width;
      view = {x: -width / 2, y: -height / 2, w: width, h: height};
      svg.style.height = height + "px";
      setView();
      var narrow = width < 560;
      var first = adj[centre].slice().sort(byDegree).slice(0, narrow ? 10 : RING1);
      var seen = {}; seen[centre] = true;
      first.forEach(function (i) { seen[i] = true; });
      var second = [];
      first.forEach(function (i) {
        adj[i].slice().sort(byDegree).forEach(function (j) {
          if (!seen[j] && second.length < (narrow ? 12 : RING2)) { seen[j] = true; second.push(j); }
        });
      });
      var place = {}; place[centre] = [0, 0];
      var rx = width / 2 - 24, ry = height / 2 - 24;
      [[first, 0.55], [second, 0.95]].forEach(function (ring) {
        ring[0].forEach(function (i, k) {
          var angle = 2 * Math.PI * k / ring[0].length - Math.PI / 2 + (ring[1] > 0.9 ? 0.13 : 0);
          place[i] = [Math.cos(angle) * rx * ring[1], Math.sin(angle) * ry * ring[1]];
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
      placed = [];
      // Labels keep clear of the other nodes' circles too.
      circles = Object.keys(place).map(function (k) {
        var r = +k === centre ? 12 : (nodes[k][1] === "c" ? 8 : 6), q = place[k];
        return [+k, {x: q[0] - r, y: q[1] - r, width: 2 * r, height: 2 * r}];
      });
      maxChars = narrow ? 24 : 34;
      // Centre first, then the first ring, then the second: a label that would overlap one
      // already placed is hidden (the node keeps its name as a tooltip and in the list below).
      [centre].concat(first, second).forEach(function (i) {
        var n = nodes[i], p = place[i];
        var link = el("a", {href: n[2], "class": "kg-explorer-node kg-kind-" + n[1] + (i === centre ? " kg-centre" : ""),
                            "aria-label": (n[1] === "c" ? "Concept: " : "Item: ") + n[0]}, svg);
        link.dataset.name = n[3];
        el("circle", {cx: p[0], cy: p[1], r: i === centre ? 12 : (n[1] === "c" ? 8 : 6)}, link);
        var text = el("text", {"class": "kg-explorer-label"}, link);
        if (!placeLabel(text, n[0], p, i === centre, i)) {
          text.remove();
          el("title", {}, link).textContent = n[0];  // no room for its label: a tooltip names it
        }
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
        second.length + " at two steps. Drag to pan, scroll to zoom, click a node to open its page. " +
        "Names that do not fit are in the list below and show when you point at a node.";
      box.dataset.centre = nodes[centre][3];
      box.dataset.ready = "true";
    }
    // A new width (a phone turned, a window resized, the page laid out again) redraws: one SVG
    // unit stays one pixel.
    var drawnWidth = 0, pending = 0;
    function redrawIfResized() {
      clearTimeout(pending);
      pending = setTimeout(function () {
        if (Math.abs(svg.getBoundingClientRect().width - drawnWidth) > 1) draw(focus);
      }, 100);
    }
    if (window.ResizeObserver) new ResizeObserver(redrawIfResized).observe(svg);
    else window.addEventListener("resize", redrawIfResized);
    var wanted = new URLSearchParams(location.search).get("node");
    draw(busiest);
    if (wanted) choose(wanted, true);
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
