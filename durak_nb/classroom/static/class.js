// durak-nb's class pages: the student's page (/) and the teacher's board (/teacher).
// Protocol: durak-nb-class/1 (docs/class-protocol.md). Vanilla JavaScript, no build step,
// nothing fetched from elsewhere. Everything a person typed is put in with textContent;
// the server's SVG pictures go into <img> elements (no script of theirs runs); the
// teacher's tables are the replayer's table view, HTML the server makes with every
// text escaped (views/html.py), rebuilt here from the elements and attributes a table
// view has (safeNodes: no markup set as a string), under the page's Content-Security-Policy (pages.py).
(function () {
  "use strict";
  var W = JSON.parse(document.getElementById("dnb-words").textContent);
  var PAGE = document.currentScript ? document.currentScript.getAttribute("data-page") : "student";
  var STORE = "durak-nb-class-" + PAGE;
  var BACKOFF = [500, 1000, 2000, 4000, 8000];
  var ws = null, ids = 0, tries = 0, waiting = [], token = null, stopped = false;
  // the token: this tab's (sessionStorage, kept over a reload) or else the last one this
  // browser was given (localStorage, kept over a restart); two tabs may hold two seats
  try { token = window.sessionStorage.getItem(STORE) || window.localStorage.getItem(STORE); } catch (e) { token = null; }

  function $(id) { return document.getElementById(id); }
  function fill(template, values) {
    return String(template).replace(/\{(\w+)(?::[^}]*)?\}/g, function (m, k) {
      return Object.prototype.hasOwnProperty.call(values, k) ? String(values[k]) : m;
    });
  }
  function cardText(code) { return W.cards[code] || String(code); }
  function cardsText(codes) { return (codes || []).map(cardText).join(" "); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }
  // HTML the server made (the replayer's table view) as new nodes of this page: parsed
  // inert (DOMParser), then copied element by element, keeping only the elements and
  // attributes a table view has (no handler, no script, no link out of the page: an
  // href only to a card face of this page, #dnb-f-…); anything else becomes its text
  var SVGNS = "http://www.w3.org/2000/svg";
  var TAGS = {};
  ("div span b i em strong small p br ul ol li details summary table tbody thead tr td th sup sub " +
   "svg g rect text tspan title use path line polyline polygon circle ellipse defs").split(" ").forEach(function (t) { TAGS[t] = true; });
  var ATTRS = /^(class|style|role|title|aria-[a-z-]+|data-[a-z-]+|x|y|x1|y1|x2|y2|cx|cy|r|rx|ry|width|height|viewBox|transform|fill|stroke|stroke-width|stroke-dasharray|opacity|font-family|font-size|font-weight|font-style|text-anchor|dominant-baseline|points|d|open|colspan|rowspan)$/;
  function safeNode(n) {
    if (n.nodeType === 3) return document.createTextNode(n.nodeValue);
    if (n.nodeType !== 1) return null;
    var tag = n.localName, svg = n.namespaceURI === SVGNS;
    if (!TAGS[tag]) return document.createTextNode(n.textContent || "");
    var e = svg ? document.createElementNS(SVGNS, tag) : document.createElement(tag);
    Array.prototype.forEach.call(n.attributes, function (a) {
      var name = a.name, value = a.value;
      if (name === "href") { if (!/^#dnb-[\w-]+$/.test(value)) return; }
      else if (!ATTRS.test(name)) return;
      if (name === "style" && /url\s*\(|expression|@import/i.test(value)) return;
      e.setAttribute(name, value);
    });
    Array.prototype.forEach.call(n.childNodes, function (c) { var k = safeNode(c); if (k) e.appendChild(k); });
    return e;
  }
  function safeNodes(html) {
    var body = new DOMParser().parseFromString("<!DOCTYPE html><html><body>" + String(html), "text/html").body;
    var out = document.createDocumentFragment();
    Array.prototype.forEach.call(body.childNodes, function (c) { var k = safeNode(c); if (k) out.appendChild(k); });
    return out;
  }
  window.durakNbClass = { safeNodes: safeNodes };  // for the page's tests
  function say(text, refused) {
    var s = $("status");
    s.textContent = text || "";
    s.className = refused ? "dnb-status dnb-refused" : "dnb-status";
  }
  function svgImage(img, svg) {
    var src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
    if (img.getAttribute("src") !== src) img.setAttribute("src", src);
  }
  // forms: the text for 1, 2 and 5 (pages.words); English has two forms, Russian and Ukrainian three
  function plural(forms, n) {
    if (W.lang === "en") return n === 1 ? forms[0] : forms[1];
    if (n % 10 === 1 && n % 100 !== 11) return forms[0];
    if (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) return forms[1];
    return forms[2];
  }
  function movesCount(n) { return fill(plural(W.moves, n), { n: n }); }

  function moveLabel(m) {
    var M = W.move;
    switch (m.action) {
      case "attack": return fill(M.attack, { cards: cardsText(m.cards) });
      case "throw": return fill(M.throw, { cards: cardsText(m.cards) });
      case "transfer":
        if (m.show) return fill(M.show, { card: cardsText(m.cards) });
        return fill((m.cards || []).length > 1 ? M.transfer2 : M.transfer1, { cards: cardsText(m.cards) });
      case "defend":
        if (!m.target) return fill(M.cover, { card: cardText(m.card) });
        return fill(M.defend, { target: cardText(m.target), card: cardText(m.card) });
      case "take": return M.take;
      case "pass": return M.pass;
      case "redeal": return M.redeal;
    }
    return String(m.action);
  }

  // -- the socket ------------------------------------------------------------------------
  function send(type, members) {
    var msg = { type: type, id: ++ids };
    for (var k in members) if (members[k] !== undefined && members[k] !== null) msg[k] = members[k];
    var text = JSON.stringify(msg);
    if (ws && ws.readyState === 1) ws.send(text);
    else if (waiting.length < 64) waiting.push(text);
    return msg.id;
  }
  function connect() {
    var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
    ws = new WebSocket(url);
    ws.onopen = function () {
      tries = 0;
      ws.send(JSON.stringify({ type: "hello", id: ++ids, protocol: "durak-nb-class/1", lang: W.lang, pictures: true }));
      if (token) ws.send(JSON.stringify({ type: "resume", id: ++ids, token: token }));
      var w = waiting; waiting = [];
      w.forEach(function (t) { ws.send(t); });
      document.body.setAttribute("data-connected", "yes");
    };
    ws.onmessage = function (e) {
      var m;
      try { m = JSON.parse(e.data); } catch (err) { return; }
      if (m && typeof m.type === "string") handle(m);
    };
    ws.onclose = function () {
      ws = null;
      document.body.setAttribute("data-connected", "no");
      if (stopped) return;
      say(W.lost, true);
      setTimeout(connect, BACKOFF[Math.min(tries++, BACKOFF.length - 1)]);
    };
  }
  function keep(t) {
    token = t;
    try {
      window.localStorage.setItem(STORE, t);
      window.sessionStorage.setItem(STORE, t);
    } catch (e) { /* private mode: kept in the page */ }
  }
  function forget() {
    try {
      if (token && window.localStorage.getItem(STORE) === token) window.localStorage.removeItem(STORE);
      window.sessionStorage.removeItem(STORE);
    } catch (e) { /* nothing kept */ }
    token = null;
  }

  // -- the student's page ---------------------------------------------------------------------
  var view = null, drills = [], at = [0, 0], right = {};

  function showView(m) {
    view = m;
    document.body.setAttribute("data-seq", String(m.seq));
    $("game").hidden = false;
    var pic = $("picture");
    if (typeof m.picture === "string" && m.picture.indexOf("<svg") >= 0) {
      var img = pic.querySelector("img.dnb-svg");
      if (!img) { clear(pic); img = el("img", "dnb-svg"); img.alt = ""; pic.appendChild(img); }
      svgImage(img, m.picture);
    } else {
      drawSeat(pic, m);
    }
    var legal = (m.view && m.view.legal) || [];
    var box = $("moves");
    clear(box);
    legal.forEach(function (mv, i) {
      var b = el("button", "dnb-move", moveLabel(mv));
      b.type = "button";
      b.setAttribute("data-index", String(i));
      b.addEventListener("click", function () {
        Array.prototype.forEach.call(box.querySelectorAll("button"), function (x) { x.disabled = true; });
        send("move", { table: m.table, seq: m.seq, move: mv });
        say(fill(W.sent, { words: moveLabel(mv) }));
      });
      box.appendChild(b);
    });
    var last = $("last");
    clear(last);
    if (m.last) { last.appendChild(el("span", null, fill(W.last, { words: m.last }))); last.appendChild(el("br")); }
    if (m.result !== undefined && m.result !== null) last.appendChild(el("b", null, fill(W.over, { words: m.words || resultWords(m.result) })));
    else last.appendChild(el("span", null, legal.length ? W.your_move : W.wait_move));
  }
  function resultWords(r) {
    if (r && typeof r === "object") {
      if (r.words) return r.words;
      if (r.durak) return fill(W.durak_is, { name: r.durak });
      if (r.draw) return W.draw;
    }
    return "";
  }
  function chip(code) {
    var suit = String(code).slice(-1);
    return el("span", "dnb-card" + (suit === "H" || suit === "D" ? " dnb-red" : ""), cardText(code));
  }
  function drawSeat(pic, m) {
    // without the server's picture: the cards as chips, from the codes of the seat's view
    var v = m.view || {};
    clear(pic);
    var hand = el("p", "dnb-hand");
    hand.appendChild(el("b", null, W.hand + ": "));
    (v.hand || []).forEach(function (c) { hand.appendChild(chip(c)); });
    pic.appendChild(hand);
    var table = el("p", "dnb-table");
    table.appendChild(el("b", null, W.table_cards + ": "));
    (v.table || []).forEach(function (pair) {
      table.appendChild(chip(pair[0]));
      if (pair[1]) { table.appendChild(el("span", null, "/")); table.appendChild(chip(pair[1])); }
      table.appendChild(el("span", null, "  "));
    });
    pic.appendChild(table);
    var info = el("p");
    info.textContent = fill(W.trump, { card: v.trump_card ? cardText(v.trump_card) : v.trump }) + " · " + fill(W.talon, { n: v.talon });
    pic.appendChild(info);
    Object.keys(v.others || {}).forEach(function (name) {
      var o = v.others[name];
      var n = (o.known || []).length + (o.hidden || 0);
      pic.appendChild(el("p", null, fill(plural(W.others, n), { name: name, n: n })));
    });
  }
  function showQuestion() {
    var d = drills[at[0]];
    if (!d) return;
    $("drill").hidden = false;
    var qs = d.questions || [], q = qs[at[1]];
    var opts = $("drill-options");
    clear(opts);
    $("drill-picture").textContent = "";
    if (!q) {
      $("drill-head").textContent = fill(W.drill_done, { right: right[d.drill] || 0, count: qs.length });
      $("drill-context").textContent = ""; $("drill-question").textContent = "";
      $("drill-number").hidden = true;
      return;
    }
    $("drill-head").textContent = fill(W.drill, { n: at[1] + 1, count: qs.length, title: q.title || "" }).replace(/[:\s]+$/, "");
    $("drill-context").textContent = q.context || "";
    $("drill-question").textContent = q.question || "";
    if (typeof q.picture === "string" && q.picture.indexOf("<svg") >= 0) {
      var img = el("img", "dnb-svg"); img.alt = ""; svgImage(img, q.picture); $("drill-picture").appendChild(img);
    }
    $("drill-number").hidden = !q.numeric;
    if (!q.numeric) {
      (q.options || []).forEach(function (o, i) {
        var b = el("button", "dnb-move", o);
        b.type = "button";
        b.addEventListener("click", function () {
          Array.prototype.forEach.call(opts.querySelectorAll("button"), function (x) { x.disabled = true; });
          send("answer", { drill: d.drill, question: at[1], answer: i });
        });
        opts.appendChild(b);
      });
    }
  }
  function student() {
    var params = new URLSearchParams(location.search);
    if (params.get("code")) $("code").value = params.get("code");
    $("join").addEventListener("submit", function (e) {
      e.preventDefault();
      var code = $("code").value.trim(), name = $("name").value.trim();
      if (!code || !name) { say(W.fill, true); return; }
      forget();
      $("join-button").disabled = true;
      say(W.joining);
      send("join", { code: code, name: name });
    });
    $("drill-number").addEventListener("submit", function (e) {
      e.preventDefault();
      var d = drills[at[0]];
      var n = parseInt($("drill-value").value, 10);
      if (d && !isNaN(n)) send("answer", { drill: d.drill, question: at[1], answer: n });
    });
    $("leave").addEventListener("click", function () { forget(); stopped = true; send("bye", {}); location.reload(); });
  }
  function handleStudent(m) {
    switch (m.type) {
      case "joined":
      case "welcome":
        if (m.token) keep(m.token);
        $("join").hidden = true;
        $("leave").hidden = false;
        var c = m["class"] || {};
        say(fill(W.joined, { title: c.title || c.code || "", name: m.name || "" }));
        if (!view) { $("last").textContent = W.wait_table; $("game").hidden = false; }
        break;
      case "view": showView(m); break;
      case "game_over":
        if (view) { view.result = m.result; view.words = m.words; view.view.legal = []; showView(view); }
        break;
      case "drill":
        drills.push(m);
        if (drills.length === 1 || at[0] >= drills.length - 2) { at = [drills.length - 1, 0]; showQuestion(); }
        break;
      case "answered":
        $("verdict").textContent = m.text || "";
        var d = drills[at[0]];
        if (m.right && d) right[d.drill] = (right[d.drill] || 0) + 1;
        at = [at[0], at[1] + 1];
        showQuestion();
        break;
      case "refused":
        say(m.text || m.code, true);
        if (m.code === "auth") { forget(); $("join").hidden = false; $("join-button").disabled = false; }
        else if (view) showView(view);
        break;
    }
  }

  // -- the teacher's board ------------------------------------------------------------------
  var tables = {}, board = null, drillsSet = [];
  function teacher() {
    var params = new URLSearchParams(location.search);
    if (params.get("key")) $("key").value = params.get("key");
    W.presets.forEach(function (p) { var o = el("option", null, p[1]); o.value = p[0]; $("preset").appendChild(o); });
    var none = el("option", null, W.no_bot); none.value = ""; $("bot").appendChild(none);
    W.bots.forEach(function (b) { var o = el("option", null, b[1]); o.value = b[0]; $("bot").appendChild(o); });
    W.kinds.forEach(function (k) { var o = el("option", null, k[1]); o.value = k[0]; $("kind").appendChild(o); });
    if (token) $("make").hidden = true;
    $("make").addEventListener("submit", function (e) {
      e.preventDefault();
      var key = $("key").value.trim(), title = $("title").value.trim(), name = $("teacher").value.trim();
      if (!key || !title || !name) { say(W.need_key, true); return; }
      send("create_class", { key: key, title: title, teacher: name });
    });
    $("open").addEventListener("submit", function (e) {
      e.preventDefault();
      var seats = $("seats").value.split(",").map(function (s) { return s.trim(); }).filter(Boolean).map(function (s) {
        var low = s.toLowerCase();
        if (low === "bot" || low.indexOf("bot:") === 0) return { bot: s.split(":")[1] ? s.split(":")[1].trim() : "heuristic" };
        return { student: s };
      });
      send("open_table", { rules: { preset: $("preset").value }, seats: seats });
    });
    $("pair").addEventListener("submit", function (e) {
      e.preventDefault();
      send("pair", { size: parseInt($("size").value, 10), rules: { preset: $("preset").value }, bot: $("bot").value || undefined });
    });
    $("set-drill").addEventListener("submit", function (e) {
      e.preventDefault();
      send("set_drill", { kind: $("kind").value, seed: parseInt($("seed").value, 10), count: parseInt($("count").value, 10) });
    });
  }
  function showCode(code) {
    $("code").hidden = false; $("code-hint").hidden = false;
    $("code").textContent = fill(W.code, { code: code });
    $("code-hint").textContent = fill(W.code_hint, { address: location.origin + "/" });
  }
  function score(s) {
    var d = s.drills;
    if (d && typeof d === "object") return [d.answered || 0, d.right || 0];
    return [s.answered || 0, s.right || 0];
  }
  function stuckWords(s) {
    // the board's tables: the one the student sits at, waiting for them a minute or more
    var out = "";
    ((board && board.tables) || []).forEach(function (t) {
      if (t.name !== s.table || t.to_act !== s.name || (t.result !== undefined && t.result !== null)) return;
      if (typeof t.stuck === "number" && t.stuck >= 60) out = fill(W.stuck_for, { seconds: Math.floor(t.stuck) });
    });
    return out;
  }
  function showStudents() {
    var box = $("students");
    clear(box);
    var list = (board && board.students) || [];
    if (!list.length) { box.appendChild(el("p", null, W.none)); return; }
    var tbl = el("table", "dnb-list"), head = el("tr");
    ["name", "online", "table", "drills", "stuck"].forEach(function (k) { head.appendChild(el("th", null, W[k])); });
    tbl.appendChild(head);
    list.forEach(function (s) {
      var tr = el("tr"), sc = score(s);
      tr.setAttribute("data-name", s.name);
      [s.name, s.connected ? W.yes : W.no, s.table || "—", sc[0] + " / " + sc[1], stuckWords(s)].forEach(function (v) { tr.appendChild(el("td", null, v)); });
      tbl.appendChild(tr);
    });
    box.appendChild(tbl);
  }
  function showTable(m) {
    var id = String(m.table);
    tables[id] = m;
    $("no-tables").hidden = true;
    var box = document.querySelector('.dnb-board-table[data-table="' + CSS.escape(id) + '"]');
    if (!box) {
      box = el("div", "dnb-board-table");
      box.setAttribute("data-table", id);
      box.appendChild(el("h3", "dnb-table-head"));
      box.appendChild(el("p", "dnb-table-last"));
      var pic = el("div", "dnb-picture");
      box.appendChild(pic);
      $("tables").appendChild(box);
    }
    box.querySelector(".dnb-table-head").textContent =
      fill(W.table_head, { table: m.name || id, players: (m.players || []).join(", ") }) + " · " + movesCount(m.seq || 0);
    var last = box.querySelector(".dnb-table-last");
    var over = m.result !== undefined && m.result !== null;
    last.textContent = (m.last ? fill(W.last, { words: m.last }) : "") + (over ? (m.last ? " · " : "") + fill(W.over, { words: m.words || resultWords(m.result) }) : "");
    box.setAttribute("data-seq", String(m.seq || 0));
    box.setAttribute("data-over", over ? "yes" : "no");
    var picBox = box.querySelector(".dnb-picture");
    if (typeof m.table_html === "string" && m.table_html.indexOf('class="dnb-board"') >= 0) {
      // the replayer's table view, made by the server from the engine's game (every text in
      // it escaped there: views/html.py), rebuilt here from the elements and attributes a
      // table view has (safeNodes); the page's Content-Security-Policy runs no inline script
      if (picBox.getAttribute("data-seq") !== String(m.seq || 0)) {
        clear(picBox);
        picBox.appendChild(safeNodes(m.table_html));
        picBox.setAttribute("data-seq", String(m.seq || 0));
      }
    } else {
      clear(picBox);
      var hands = m.hands || {};
      Object.keys(hands).forEach(function (name) {
        var p = el("p", "dnb-hand");
        p.appendChild(el("b", null, name + ": "));
        hands[name].forEach(function (c) { p.appendChild(chip(c)); });
        picBox.appendChild(p);
      });
    }
  }
  function handleTeacher(m) {
    switch (m.type) {
      case "class_created":
        keep(m.token);
        showCode(m.code);
        $("make").hidden = true; $("controls").hidden = false;
        send("watch", {});
        break;
      case "welcome":
        var c = m["class"] || {};
        if (c.code) showCode(c.code);
        $("make").hidden = true; $("controls").hidden = false;
        send("watch", {});
        break;
      case "board":
        board = m;
        var cl = m["class"] || {};
        if (cl.code) showCode(cl.code);
        showStudents();
        if ((m.drills || []).length) { drillsSet = m.drills; showDrills(); }
        break;
      case "table": showTable(m); showStudents(); break;
      case "table_opened": send("watch", {}); break;
      case "drill_set": drillsSet.push(typeof m.drill === "object" ? m.drill : { drill: m.drill }); showDrills(); break;
      case "game_over":
        var t = tables[String(m.table)];
        if (t) { t.result = m.result; t.words = m.words; showTable(t); }
        break;
      case "refused":
        say(m.text || m.code, true);
        if (m.code === "auth") { forget(); $("make").hidden = false; }
        break;
    }
  }
  function showDrills() {
    $("drills").textContent = fill(W.drills_set, {
      // each drill by its title, as the choice of drills shows it (the kind's code stays in the protocol)
      drills: drillsSet.map(function (d) {
        var title = (W.kinds.filter(function (k) { return k[0] === d.kind; })[0] || [null, d.kind || d.drill || ""])[1];
        return title + " (" + (d.seed === undefined ? "" : d.seed) + ")";
      }).join(", ")
    });
  }

  function handle(m) {
    if (m.type === "hello") { say(PAGE === "student" && !token ? W.fill : ""); return; }
    if (PAGE === "teacher") handleTeacher(m); else handleStudent(m);
  }

  document.addEventListener("DOMContentLoaded", function () {
    if (PAGE === "teacher") teacher(); else student();
    connect();
  });
})();
