/* The board: draws a position from /api/position/..., asks the server by clicking and
 * draws the answer. Plain JS and SVG; the game's questions come from the server. */
(function () {
  "use strict";
  var SVGNS = "http://www.w3.org/2000/svg";
  var $ = function (id) { return document.getElementById(id); };
  var S = {
    board: null, id: null, selected: null, ask: null, values: {}, active: null,
    reply: null, readings: {}, view: null
  };
  window.board = S;

  function el(tag, attrs, parent, text) {
    var e = document.createElementNS(SVGNS, tag);
    for (var k in attrs || {}) if (attrs[k] !== null && attrs[k] !== undefined) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  function h(tag, attrs, parent, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) if (attrs[k] !== null && attrs[k] !== undefined) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }
  function status(text) { $("status").textContent = text; }

  function api(method, url, body) {
    var opts = { method: method, headers: {} };
    if (body !== undefined) {
      opts.headers["content-type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    return fetch(url, opts).then(function (r) {
      return r.json().then(function (data) {
        if (!r.ok) { var e = new Error(data.error || r.statusText); e.data = data; e.status = r.status; throw e; }
        return data;
      });
    });
  }
  function showError(err) {
    var box = $("errors");
    clear(box);
    box.hidden = false;
    h("strong", {}, box, err.message);
    if (err.data && err.data.problems) h("pre", { id: "problems" }, box, err.data.problems.join("\n"));
    status("");
    document.body.setAttribute("data-error", String(Date.now()));
  }
  function hideError() { $("errors").hidden = true; }

  /* ---------------------------------------------------------------- the map */
  function poly(c) {
    return S.board.corners.map(function (o) { return (c[0] + o[0]).toFixed(1) + "," + (c[1] + o[1]).toFixed(1); }).join(" ");
  }
  function centre(place) {
    var hx = S.hexIndex[place];
    if (hx) return hx.c;
    var a = S.areaIndex[place];
    return a ? a.c : null;
  }

  function hatches(zoc) {
    /* one hatch pattern per side, in the side's ZOC colour (from the server) */
    var defs = $("map").querySelector("defs"), i = 0;
    Object.keys(zoc).forEach(function (side) {
      if (document.getElementById("hatch-" + side)) return;
      var p = el("pattern", { id: "hatch-" + side, width: 8, height: 8, patternUnits: "userSpaceOnUse",
        patternTransform: "rotate(" + (i++ % 2 ? -45 : 45) + ")" }, defs);
      el("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: zoc[side], "stroke-width": 2.5, "stroke-opacity": 0.55 }, p);
    });
  }

  function svgInto(parent, markup) {
    /* the game's own picture of a hex or hexside feature (SVG built by its picture style) */
    if (!markup) return;
    var g = el("g", { "pointer-events": "none" }, parent);
    g.innerHTML = markup;
  }

  function drawBoard() {
    var b = S.board;
    hatches(b.colours.zoc);
    S.hexIndex = {}; S.areaIndex = {};
    b.hexes.forEach(function (x) { S.hexIndex[x.id] = x; });
    b.areas.forEach(function (a) { S.areaIndex[a.id] = a; });
    b.points.forEach(function (a) { S.areaIndex[a.id] = a; });
    $("map").setAttribute("data-kind", b.kind);
    var t = $("terrain"); clear(t);
    var f = $("features"); clear(f);
    b.lines.forEach(function (l) {
      var ln = el("polyline", { "class": "gline", "data-line": l.id, points: l.points.map(function (q) { return q.join(","); }).join(" "),
        stroke: l.colour || "#3a3a3a", "stroke-width": l.width || 2, "stroke-dasharray": l.dash || null }, t);
      if (l.title) el("title", {}, ln, l.title);
    });
    b.lines.forEach(function (l) {
      if (!l.label) return;
      var m = [(l.points[0][0] + l.points[1][0]) / 2, (l.points[0][1] + l.points[1][1]) / 2];
      el("text", { "class": "linelabel", "data-line": l.id, x: m[0], y: m[1] + 4, fill: l.label_colour || "#1a4d8f" }, f, l.label);
    });
    b.hexes.forEach(function (x) {
      var p = el("polygon", { points: poly(x.c), "class": "hex", "data-hex": x.id, fill: x.fill || "#fff" }, t);
      el("title", {}, p, x.title || x.id);
      el("text", { x: x.c[0], y: x.c[1] - b.size * 0.62, "class": "hexid" }, t, x.id);
      svgInto(t, x.svg);
    });
    b.points.forEach(function (x) {
      var node;
      if (x.transit) node = el("rect", { "class": "point transit", "data-hex": x.id, x: x.c[0] - 40, y: x.c[1] - 13, width: 80, height: 26, rx: 12, fill: x.fill || "#fff", stroke: x.stroke || "#555", "stroke-dasharray": "4 3" }, t);
      else node = el("circle", { "class": "point", "data-hex": x.id, cx: x.c[0], cy: x.c[1], r: x.r || 10, fill: x.fill || "#fff", stroke: x.stroke || "#000", "stroke-width": x.stroke_width || 1.5 }, t);
      el("title", {}, node, x.title || x.id);
      el("text", { x: x.c[0], y: x.transit ? x.c[1] + 4 : x.c[1] - (x.r || 10) - 6, "class": "pointname" }, t, x.name || x.id);
      svgInto(t, x.svg);
    });
    b.areas.forEach(function (a) {
      var g = el("g", { "class": "area", "data-hex": a.id }, t);
      el("rect", { x: a.c[0] - 16, y: a.c[1] - 11, width: 32, height: 22, rx: 5, fill: b.colours.side[a.side] || "#ccc", stroke: "#333", "data-hex": a.id }, g);
      el("text", { x: a.c[0], y: a.c[1] + 5, "font-size": 13, "text-anchor": "middle", "pointer-events": "none" }, g, a.id);
    });
    b.hexsides.forEach(function (s) { svgInto(f, s.svg); });
    drawUnits();
    $("title").textContent = b.title + (b.turn ? " · turn " + b.turn : "") + (b.weather ? ", " + b.weather : "") + (b.phasing ? ", " + b.phasing + " to move" : "");
    $("undo").disabled = !b.undo;
    $("download").href = "/api/position/" + S.id + "/download";
    if (!S.view) fit();
    drawLegend();
  }

  function stacks() {
    var out = {};
    S.board.units.forEach(function (u) { (out[u.hex] = out[u.hex] || []).push(u); });
    return out;
  }

  function counter(u, x, y, parent, extra) {
    var b = S.board;
    var g = el("g", { "class": "counter", "data-unit": u.id, "data-hex": u.hex,
      transform: "translate(" + x + "," + y + ")" }, parent);
    var outline = u.outline || ["#222", 1];
    el("rect", { "class": "body", width: 26, height: 22, rx: 2, fill: b.colours.side[u.side] || "#bbb", stroke: outline[0], "stroke-width": outline[1] }, g);
    el("text", { x: 13, y: 8 }, g, u.id.slice(0, 7));
    el("text", { x: 13, y: 17, "class": "f" }, g, u.label || "");
    if (u.max_steps) for (var i = 0; i < u.max_steps && i < 6; i++) {
      el("rect", { x: 2 + i * 4, y: 19, width: 3, height: 2, fill: i < u.steps ? "#111" : "#fff", "pointer-events": "none" }, g);
    }
    el("title", {}, g, (u.tip || u.id) + (extra || ""));
    return g;
  }

  function drawUnits() {
    var layer = $("units"); clear(layer);
    var st = stacks();
    Object.keys(st).sort().forEach(function (place) {
      var c = centre(place);
      if (!c) return;
      var us = st[place], n = us.length;
      var shown = us.slice(0, 3);
      shown.forEach(function (u, i) {
        var g = counter(u, c[0] - 13 + 3 * i, c[1] - 12 - 3 * i, layer,
          n > 1 ? " · stack of " + n + ": click to list" : "");
        if (i === shown.length - 1 && n > 1) {
          el("circle", { cx: 26, cy: 0, r: 6, fill: "#333", "pointer-events": "none" }, g);
          el("text", { x: 26, y: 3, "class": "more" }, g, String(n));
        }
      });
    });
  }

  /* ---------------------------------------------------------------- zoom and pan */
  function setView(v) {
    S.view = v;
    $("map").setAttribute("viewBox", [v.x, v.y, v.w, v.h].join(" "));
  }
  function fit() {
    var b = S.board;
    setView({ x: 0, y: 0, w: b.width, h: b.height });
  }
  function zoom(f, px, py) {
    var v = S.view, r = $("map").getBoundingClientRect();
    var sx = v.w / r.width, sy = v.h / r.height, s = Math.max(sx, sy);
    var cx = px === undefined ? v.x + v.w / 2 : v.x + (px - r.left) * s - (s * r.width - v.w) / 2;
    var cy = py === undefined ? v.y + v.h / 2 : v.y + (py - r.top) * s - (s * r.height - v.h) / 2;
    var w = Math.min(Math.max(v.w * f, 60), S.board.width * 4);
    var k = w / v.w;
    setView({ x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k, w: w, h: v.h * k });
  }
  function svgPoint(evt) {
    var svg = $("map"), pt = svg.createSVGPoint();
    pt.x = evt.clientX; pt.y = evt.clientY;
    return pt.matrixTransform($("viewport").getScreenCTM().inverse());
  }
  function hexAt(p) {
    var best = null, d = Infinity;
    S.board.hexes.forEach(function (x) {
      var dd = (x.c[0] - p.x) * (x.c[0] - p.x) + (x.c[1] - p.y) * (x.c[1] - p.y);
      if (dd < d) { d = dd; best = x.id; }
    });
    S.board.areas.concat(S.board.points).forEach(function (a) {
      var dd = (a.c[0] - p.x) * (a.c[0] - p.x) + (a.c[1] - p.y) * (a.c[1] - p.y);
      if (dd < d) { d = dd; best = a.id; }
    });
    return d <= S.board.size * S.board.size * 1.2 ? best : null;
  }

  function setupPointer() {
    var svg = $("map"), drag = null;
    svg.addEventListener("wheel", function (e) {
      e.preventDefault();
      zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, e.clientX, e.clientY);
    }, { passive: false });
    svg.addEventListener("pointerdown", function (e) {
      if (e.button !== 0 || !S.board) return;
      var c = e.target.closest ? e.target.closest(".counter") : null;
      drag = { x: e.clientX, y: e.clientY, view: Object.assign({}, S.view), unit: c ? c.getAttribute("data-unit") : null,
        node: c, moved: false, target: e.target };
      svg.setPointerCapture(e.pointerId);
    });
    svg.addEventListener("pointermove", function (e) {
      if (!drag) { hover(e); return; }
      var dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (!drag.moved && dx * dx + dy * dy < 36) return;
      drag.moved = true;
      var r = svg.getBoundingClientRect(), s = Math.max(drag.view.w / r.width, drag.view.h / r.height);
      if (drag.unit) {
        drag.node.classList.add("dragging");
        var p = svgPoint(e);
        drag.node.setAttribute("transform", "translate(" + (p.x - 13) + "," + (p.y - 11) + ")");
      } else {
        svg.classList.add("panning");
        setView({ x: drag.view.x - dx * s, y: drag.view.y - dy * s, w: drag.view.w, h: drag.view.h });
      }
    });
    svg.addEventListener("pointerup", function (e) {
      var d = drag; drag = null;
      svg.classList.remove("panning");
      if (!d) return;
      if (d.moved && d.unit) {
        var to = hexAt(svgPoint(e));
        if (to) edit({ op: "move", unit: d.unit, to: to }); else drawUnits();
        return;
      }
      if (d.moved) return;
      var place = hexAt(svgPoint(e));
      if (place) clickPlace(place);
    });
  }
  function hover(e) {
    var place = S.board ? hexAt(svgPoint(e)) : null;
    if (place === S.hovered) return;
    S.hovered = place;
    var ps = $("hoverpaths").querySelectorAll(".path");
    for (var i = 0; i < ps.length; i++) ps[i].classList.toggle("show", ps[i].getAttribute("data-hover") === place);
  }

  /* ---------------------------------------------------------------- asking */
  function askDef(name) {
    return S.board.asks.filter(function (a) { return a.name === name; })[0];
  }
  function clickPlace(place) {
    if (S.ask && S.active) { fill(place); return; }
    select(place);
    var ca = S.board.click ? askDef(S.board.click) : null;
    var cp = ca ? ca.params.filter(function (p) { return p.kind === "hex"; })[0] : null;
    if (cp && (S.hexIndex[place] || !S.board.hexes.length)) { var q = {}; q[cp.name] = place; run(S.board.click, q); }
  }
  function select(place) {
    S.selected = place;
    var hs = $("terrain").querySelectorAll(".hex");
    for (var i = 0; i < hs.length; i++) hs[i].classList.toggle("selected-hex", hs[i].getAttribute("data-hex") === place);
    showStack(place);
  }

  function drawAsks() {
    var box = $("asks"); clear(box);
    var ca = S.board.click ? askDef(S.board.click) : null;
    $("click-hint").textContent = (ca ? "Click a place or a stack: " + ca.help + " " : "") +
      "Or choose a question, fill it by clicking the map, and ask.";
    S.board.asks.forEach(function (a) {
      if (a.name === S.board.click) return;
      var b = h("button", { type: "button", "data-ask": a.name, title: a.help }, box, a.title);
      b.addEventListener("click", function () { chooseAsk(a.name, {}); });
    });
  }
  function unitsAt(place) { return S.board.units.filter(function (u) { return u.hex === place; }); }

  function chooseAsk(name, fillFrom) {
    var a = askDef(name);
    if (S.ask === name && !Object.keys(fillFrom).length) { S.ask = null; S.active = null; drawForm(); return; }
    S.ask = name; S.values = {}; S.active = null;
    a.params.forEach(function (p) {
      if (fillFrom[p.name] !== undefined) S.values[p.name] = fillFrom[p.name];
      else if (p.default !== undefined) S.values[p.name] = p.default;
      else if (p.kind === "hex" && S.selected && centre(S.selected) && !Object.keys(S.values).some(function (k) { return paramOf(a, k).kind === "hex"; })) S.values[p.name] = S.selected;
      else if (p.kind === "unit" && S.selected && unitsAt(S.selected).length) S.values[p.name] = unitsAt(S.selected)[0].id;
      else if (p.kind === "hexes" || p.kind === "units") S.values[p.name] = [];
    });
    S.active = nextEmpty(a);
    drawForm();
  }
  function paramOf(a, name) { return a.params.filter(function (p) { return p.name === name; })[0]; }
  function nextEmpty(a) {
    for (var i = 0; i < a.params.length; i++) {
      var p = a.params[i], v = S.values[p.name];
      if (["hex", "hexes", "units"].indexOf(p.kind) >= 0 && (v === undefined || v === null || (v.length === 0 && p.required))) return p.name;
    }
    var hx = a.params.filter(function (p) { return p.kind === "hexes"; })[0];
    return hx ? hx.name : null;
  }
  function fill(place) {
    var a = askDef(S.ask), p = paramOf(a, S.active);
    if (p.kind === "hex") { S.values[p.name] = place; S.active = nextEmpty(a) === p.name ? null : nextEmpty(a); }
    else if (p.kind === "hexes") { var v = S.values[p.name] || []; if (v.length < (p.most || 12)) v.push(place); S.values[p.name] = v; }
    else if (p.kind === "units") {
      var ids = S.values[p.name] || [];
      unitsAt(place).forEach(function (u) { if (ids.indexOf(u.id) < 0) ids.push(u.id); });
      S.values[p.name] = ids;
      var next = nextEmpty(a);  // stay on the units (more stacks may join) unless one is missing
      if (next && paramOf(a, next).kind !== "hexes") S.active = next;
    }
    select(place);
    drawForm();
  }
  function drawForm() {
    var form = $("form"); clear(form);
    var btns = $("asks").querySelectorAll("button");
    for (var i = 0; i < btns.length; i++) btns[i].classList.toggle("on", btns[i].getAttribute("data-ask") === S.ask);
    if (!S.ask) { form.hidden = true; return; }
    form.hidden = false;
    var a = askDef(S.ask);
    h("p", { "class": "hint" }, form, a.help);
    a.params.forEach(function (p) {
      var row = h("div", { "class": "row", "data-param": p.name }, form);
      h("span", {}, row, p.label + (p.required ? "" : " (optional)"));
      var v = S.values[p.name];
      if (p.kind === "hex" || p.kind === "hexes" || p.kind === "units") {
        var txt = Array.isArray(v) ? v.join(p.kind === "hexes" ? " › " : ", ") : (v || "");
        var pick = h("span", { "class": "pick" + (S.active === p.name ? " active" : ""), "data-pick": p.name }, row,
          txt || (S.active === p.name ? "click the map" : "click to choose"));
        pick.addEventListener("click", function () { S.active = p.name; drawForm(); });
        if (Array.isArray(v) && v.length) {
          var c = h("button", { type: "button" }, row, "clear");
          c.addEventListener("click", function () { S.values[p.name] = []; S.active = p.name; drawForm(); });
        }
      } else if (p.kind === "unit") {
        var sel = h("select", { name: p.name }, row);
        S.board.units.forEach(function (u) {
          var o = h("option", { value: u.id }, sel, u.id + " (" + u.hex + ")");
          if (u.id === v) o.selected = true;
        });
        if (!v && S.board.units.length) S.values[p.name] = S.board.units[0].id;
        sel.addEventListener("change", function () { S.values[p.name] = sel.value; });
      } else if (p.kind === "int") {
        var inp = h("input", { type: "number", name: p.name, min: p.range ? p.range[0] : null, max: p.range ? p.range[1] : null, value: v === null || v === undefined ? "" : v }, row);
        inp.addEventListener("change", function () { S.values[p.name] = inp.value === "" ? null : parseInt(inp.value, 10); });
      } else if (p.kind === "choice") {
        var ch = h("select", { name: p.name }, row);
        p.choices.forEach(function (c) { var o = h("option", { value: c }, ch, c); if (c === v) o.selected = true; });
        ch.addEventListener("change", function () { S.values[p.name] = ch.value; });
      }
    });
    var go = h("button", { type: "submit", id: "ask-go" }, form, "Ask");
    form.onsubmit = function (e) { e.preventDefault(); run(S.ask, Object.assign({}, S.values)); };
    void go;
  }

  function run(name, params, readings) {
    hideError();
    status("asking…");
    var t0 = performance.now();
    var prev = S.reply && S.reply.ask === name && JSON.stringify(S.reply.params) === JSON.stringify(params) ? S.reply : null;
    var body = { ask: name, params: params, readings: readings || {} };
    var seq = S.seq = (S.seq || 0) + 1;
    return api("POST", "/api/position/" + S.id + "/ask", body).then(function (r) {
      if (seq !== S.seq) return;  // a later question was asked meanwhile
      S.reply = r;
      drawAnswer(r, readings ? prev : null);
      status(askDef(name).title + ": " + Math.round(performance.now() - t0) + " ms" + (r.cached ? " (kept)" : ""));
      document.body.setAttribute("data-answered", String(Date.now()));
    }).catch(showError);
  }

  function ruleLink(id, parent) {
    var a = h("a", { "class": "rule", href: "/rules/" + S.board.game + "/" + id.split("#")[0], target: "_blank", rel: "noopener", "data-rule": id }, parent, id);
    parent.appendChild(document.createTextNode(" "));
    return a;
  }

  function drawAnswer(r, prev) {
    var d = r.draw;
    $("answer-box").hidden = false;
    $("answer-title").textContent = askDef(r.ask).title + ": answer";
    var ul = $("answer"); clear(ul);
    var lineKey = function (l) { return l.text + "|" + l.kind + "|" + l.rules.join(","); };
    var oldLines = prev ? prev.lines.map(lineKey) : null;
    r.lines.forEach(function (l) {
      var li = h("li", { "class": "k-" + (l.kind || "plain") }, ul, l.text + " ");
      if (oldLines && oldLines.indexOf(lineKey(l)) < 0) li.classList.add("changed");
      l.rules.forEach(function (id) { ruleLink(id, li); });
    });
    if (prev) {
      var newLines = r.lines.map(lineKey);
      prev.lines.forEach(function (l) {
        if (newLines.indexOf(lineKey(l)) >= 0) return;
        var li = h("li", { "class": "changed gone k-" + (l.kind || "plain"), title: "no longer in the answer" }, ul, "gone: " + l.text + " ");
        l.rules.forEach(function (id) { ruleLink(id, li); });
      });
    }
    var rs = $("rules"); clear(rs);
    r.rules.forEach(function (id) { ruleLink(id, rs); });
    $("cli").textContent = r.cli.join("\n");
    $("json").textContent = JSON.stringify(r.answer, null, 2);
    // the drawing
    var lit = $("lit"), paths = $("paths"), hp = $("hoverpaths"), sides = $("sides"), labels = $("labels"), ch = $("changed");
    [lit, paths, hp, sides, labels, ch].forEach(clear);
    d.hexes.forEach(function (x) {
      if (!x.c) return;
      var attrs = { "class": "lit k-" + x.kind, "data-hex": x.hex, "data-kind": x.kind };
      var node;
      if (S.board.kind === "graph") node = el("circle", Object.assign(attrs, { cx: x.c[0], cy: x.c[1], r: S.board.size * 0.9 }), lit);
      else if (x.area) node = el("rect", Object.assign(attrs, { x: x.c[0] - 18, y: x.c[1] - 13, width: 36, height: 26, rx: 6 }), lit);
      else node = el("polygon", Object.assign(attrs, { points: poly(x.c) }), lit);
      if (x.kind === "zoc") {
        var side = (S.board.units.filter(function (u) { return u.hex === S.selected; })[0] || {}).side;
        if (side) { node.style.fill = "url(#hatch-" + side + ")"; node.style.fillOpacity = 1; }
      }
      if (x.title) el("title", {}, node, x.title);
    });
    d.hexsides.forEach(function (s) {
      el("line", { "class": "side-mark k-" + s.kind, "data-hexside": s.hexside, "data-kind": s.kind, x1: s.edge[0], y1: s.edge[1], x2: s.edge[2], y2: s.edge[3] }, sides);
    });
    d.paths.forEach(function (p) {
      if (p.points.length < 2) return;
      el("polyline", { "class": "path k-" + p.kind, "data-kind": p.kind, "data-hexes": p.hexes.join(" "),
        "data-hover": p.hover, points: p.points.map(function (q) { return q.join(","); }).join(" "),
        "marker-end": "url(#arrow)" }, p.hover ? hp : paths);
    });
    d.labels.forEach(function (l) {
      if (l.c) el("text", { "class": "label k-" + l.kind, x: l.c[0], y: l.c[1] + S.board.size * 0.5, "data-hex": l.hex }, labels, l.text);
    });
    // what changed under another reading
    var note = $("changes");
    note.hidden = true;
    if (prev) {
      var key = function (dr) { var m = {}; dr.hexes.forEach(function (x) { (m[x.hex] = m[x.hex] || []).push(x.kind); }); for (var k in m) m[k] = m[k].sort().join(","); return m; };
      var a = key(prev.draw), b = key(d), changed = [];
      Object.keys(a).concat(Object.keys(b)).forEach(function (k) { if (a[k] !== b[k] && changed.indexOf(k) < 0) changed.push(k); });
      changed.sort().forEach(function (k) {
        var c = centre(k);
        if (c && S.hexIndex[k]) el("polygon", { "class": "changed-mark", "data-hex": k, points: poly(c) }, ch);
        else if (c) el("circle", { "class": "changed-mark", "data-hex": k, cx: c[0], cy: c[1], r: S.board.size }, ch);
      });
      var lines = ul.querySelectorAll("li.changed").length;
      note.hidden = false;
      note.id = "changes";
      note.textContent = changed.length || lines
        ? "Changed by the reading: " + (changed.length ? changed.length + " hex(es) (" + changed.join(" ") + ", outlined)" : "no hex") + "; " + lines + " line(s) new or gone, highlighted."
        : "Nothing in this answer changes under this reading.";
    }
    drawFollow(r);
    drawReadings(r);
    drawLegend();
  }

  function drawFollow(r) {
    var box = $("follow"); clear(box);
    (askDef(r.ask).follow || []).forEach(function (f) {
      var fillFrom = {};
      for (var k in f.fill) fillFrom[k] = r.params[f.fill[k]];
      var b = h("button", { type: "button", "data-follow": f.ask }, box, "Then: " + askDef(f.ask).title);
      b.addEventListener("click", function () { chooseAsk(f.ask, fillFrom); });
    });
  }

  function drawReadings(r) {
    var box = $("readings"); clear(box);
    $("readings-box").hidden = !r.touched.length;
    r.touched.forEach(function (t) {
      var div = h("div", { "class": "reading", "data-rule": t.rule }, box);
      ruleLink(t.rule, div);
      var sel = h("select", { "data-rule": t.rule }, div);
      t.readings.forEach(function (o) {
        var opt = h("option", { value: o.name, title: o.text }, sel, o.name + (o.default ? " (default)" : ""));
        if (o.name === t.chosen) opt.selected = true;
      });
      if (t.cited) h("span", { "class": "q" }, div, " cited");
      if (t.question) h("div", { "class": "q" }, div, t.question);
      sel.addEventListener("change", function () {
        var chosen = Object.assign({}, r.readings);
        chosen[t.rule] = sel.value;
        run(r.ask, r.params, chosen);
      });
    });
  }

  var LEGEND = [
    ["hatch", "ZOC of the stack (hatched in its side's colour)"], ["#2e7d32", "safe end / may end / allowed / clear"],
    ["#e0a000", "end losing steps / line nearly full"], ["#c62828", "eliminated / refused / defender / blocked"],
    ["#7b1fa2", "bond; hexes and hexsides it closes"], ["#00695c", "line of supply (dashed)"],
    ["#0d47a1", "advance path / seen"], ["#ff00c8", "changed by a reading"]
  ];
  function drawLegend() {
    var ul = $("legend"); clear(ul);
    (S.board ? S.board.legend : []).concat(LEGEND).forEach(function (x) {
      var li = h("li", {}, ul);
      var sw = h("span", {}, li);
      sw.style.background = x[0] === "hatch" ? "repeating-linear-gradient(45deg,#555 0 2px,#fff 2px 6px)" : x[0];
      li.appendChild(document.createTextNode(x[1]));
    });
  }

  /* ---------------------------------------------------------------- stacks and editing */
  function showStack(place) {
    var us = unitsAt(place), box = $("stack");
    $("stack-box").hidden = !us.length;
    clear(box);
    $("stack-title").textContent = "Stack in " + place + " (" + us.length + ")";
    us.forEach(function (u) {
      var row = h("div", { "class": "unit", "data-unit": u.id }, box);
      var svg = el("svg", { width: 52, height: 44, viewBox: "0 0 26 22" });
      row.appendChild(svg);
      counter(u, 0, 0, svg);
      h("span", {}, row, u.id + (u.type ? " · " + u.type : ""));
      S.board.edits.forEach(function (e) {
        var now = u[e.shown];
        if (e.choices.length) {
          var sel = h("select", { "data-edit": e.field, title: e.label }, row);
          e.choices.forEach(function (c) { var o = h("option", { value: c }, sel, c); if (c === now) o.selected = true; });
          sel.addEventListener("change", function () { var op = { op: "set", unit: u.id }; op[e.field] = sel.value; edit(op); });
        } else {
          var top = e.highest ? u[e.highest] : null;
          var inp = h("input", { type: "number", min: e.lowest, max: top, value: now, "data-edit": e.field, title: e.label }, row);
          if (top) h("span", {}, row, "/" + top + " " + e.label.split(" ")[0]);
          inp.addEventListener("change", function () { var op = { op: "set", unit: u.id }; op[e.field] = parseInt(inp.value, 10); edit(op); });
        }
      });
    });
  }
  function edit(op) {
    hideError();
    return api("POST", "/api/position/" + S.id + "/edit", op).then(loaded).catch(function (e) { showError(e); drawUnits(); });
  }
  function loaded(b) {
    S.board = b; S.id = b.id;
    drawBoard(); drawAsks(); drawForm();
    if (S.selected) select(S.selected);
    ["lit", "paths", "hoverpaths", "sides", "labels", "changed"].forEach(function (id) { clear($(id)); });
    $("answer-box").hidden = true; $("readings-box").hidden = true;
    status(b.name + ": " + b.hexes.length + " hexes, " + b.units.length + " units");
    document.body.setAttribute("data-loaded", b.id + ":" + b.undo);
  }
  function openKey(key) {
    hideError(); S.view = null; S.selected = null; S.ask = null; S.reply = null;
    status("opening…");
    return api("POST", "/api/open", { key: key }).then(loaded).catch(showError);
  }

  function init() {
    setupPointer();
    $("zin").onclick = function () { zoom(1 / 1.3); };
    $("zout").onclick = function () { zoom(1.3); };
    $("zfit").onclick = fit;
    $("undo").onclick = function () { api("POST", "/api/position/" + S.id + "/undo").then(loaded).catch(showError); };
    $("open").onclick = function () { openKey($("sources").value); };
    $("upload").addEventListener("change", function () {
      var f = $("upload").files[0];
      if (!f) return;
      f.text().then(function (text) {
        hideError(); S.view = null; S.selected = null; S.ask = null;
        return api("POST", "/api/upload", { name: f.name, text: text }).then(loaded);
      }).catch(showError);
    });
    api("GET", "/api/sources").then(function (r) {
      var sel = $("sources");
      r.sources.forEach(function (s) { h("option", { value: s.key }, sel, s.name); });
      var want = new URLSearchParams(location.search).get("open");
      if (want) sel.value = want;
      if (sel.value) openKey(sel.value);
    }).catch(showError);
  }
  init();
})();
