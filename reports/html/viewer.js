// umpire report: the match viewer. Reads the JSON block #viewer-data (built
// and made inert by the reports package) and lays it out; every node is
// built with createElement and textContent, never markup from the data.
(function () {
  "use strict";
  var root = document.getElementById("viewer");
  var src = document.getElementById("viewer-data");
  if (!root || !src) return;
  var data = null;
  try { data = JSON.parse(src.textContent); } catch (e) { data = null; }
  var views = data && Array.isArray(data.views) ? data.views : [];
  if (!views.length) return;

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined && text !== null) n.textContent = String(text);
    return n;
  }
  function dash(s) { return s === undefined || s === null || s === "" ? "—" : String(s); }
  function clear(n) { while (n.firstChild) n.removeChild(n.firstChild); }
  function arr(a) { return Array.isArray(a) ? a : []; }

  var pick = $("viewer-pick"), pos = $("viewer-pos"), strip = $("viewer-steps");
  var tablePane = $("viewer-table"), msgPane = $("viewer-message"), expect = $("viewer-expect");
  var cur = { view: 0, step: 0 };

  views.forEach(function (v, i) {
    var o = el("option", null, (i + 1) + ". " + dash(v.title));
    o.value = String(i);
    pick.appendChild(o);
  });

  function view() { return views[cur.view]; }
  function steps() { return arr(view().steps); }

  function renderTable(st) {
    clear(tablePane);
    var all = steps();
    var t = st.state >= 0 && all[st.state] ? all[st.state].table : null;
    var head = el("h3", null, "Table as seat " + dash(st.seat) + " saw it");
    tablePane.appendChild(head);
    if (!t) {
      tablePane.appendChild(el("p", "viewer-none", "— (no state in the transcript up to this step)"));
      return;
    }
    if (st.state !== cur.step) tablePane.appendChild(el("p", "viewer-note", "as of step " + (st.state + 1) + " (this message carries no state)"));
    var dl = el("dl", "viewer-facts");
    arr(t.facts).forEach(function (f) {
      dl.appendChild(el("dt", null, dash(f && f.k)));
      dl.appendChild(el("dd", null, dash(f && f.v)));
    });
    tablePane.appendChild(dl);
    var tbl = el("table", "viewer-players");
    var hr = el("tr");
    arr(t.columns).forEach(function (c) { hr.appendChild(el("th", null, dash(c))); });
    var thead = el("thead"); thead.appendChild(hr); tbl.appendChild(thead);
    var tb = el("tbody");
    arr(t.players).forEach(function (row, i) {
      var tr = el("tr", i === t.you ? "you" : "player");
      arr(row).forEach(function (c) { tr.appendChild(el("td", null, dash(c))); });
      tb.appendChild(tr);
    });
    tbl.appendChild(tb);
    tablePane.appendChild(tbl);
    arr(t.lists).forEach(function (l) {
      var box = el("div", "viewer-list");
      box.appendChild(el("h4", null, dash(l && l.title)));
      var items = arr(l && l.items);
      if (!items.length) box.appendChild(el("p", "viewer-none", "—"));
      else {
        var ul = el("ul");
        items.forEach(function (it) { ul.appendChild(el("li", null, dash(it))); });
        box.appendChild(ul);
      }
      if (l && l.more) box.appendChild(el("p", "viewer-note", "… " + l.more + " earlier items left out"));
      tablePane.appendChild(box);
    });
  }

  function renderMessage(st) {
    clear(msgPane);
    var arrow = st.dir === "sent" ? "→ sent by umpire" : "← received by umpire";
    msgPane.appendChild(el("h3", null, "Message: " + dash(st.kind)));
    msgPane.appendChild(el("p", "viewer-meta dir-" + (st.dir === "sent" ? "sent" : "received"),
      arrow + " · seat " + dash(st.seat) + " · " + dash(st.at)));
    msgPane.appendChild(el("pre", "viewer-body", dash(st.body)));
  }

  function renderExpect(v, i) {
    clear(expect);
    if (!(v.finding >= 0)) {
      expect.className = "viewer-expect";
      expect.appendChild(el("p", "viewer-note", "The whole match as umpire recorded it; each finding links to the messages around it."));
      return;
    }
    if (i !== v.finding) {
      expect.className = "viewer-expect";
      var p = el("p", "viewer-note", "The finding (" + dash(v.rule) + ") is about step " + (v.finding + 1) + ".");
      expect.appendChild(p);
      return;
    }
    expect.className = "viewer-expect finding-step level-" + dash(v.level);
    expect.appendChild(el("h3", null, "⚑ " + (v.known ? "KNOWN FAILING " : "") + dash(v.level) + " " + dash(v.rule)));
    if (v.known) { expect.appendChild(el("p", "viewer-known", "known failing (--known-failing): " + v.known + "; reported, not failing the run")); }
    expect.appendChild(el("p", "viewer-finding-message", dash(v.message)));
    var g = el("div", "viewer-eg");
    var e = el("div"); e.appendChild(el("h4", null, "referee expected")); e.appendChild(el("pre", "expected", dash(v.expected)));
    var o = el("div"); o.appendChild(el("h4", null, "got")); o.appendChild(el("pre", "got", dash(v.got)));
    g.appendChild(e); g.appendChild(o);
    expect.appendChild(g);
  }

  function render() {
    var v = view(), all = steps();
    if (!all.length) { pos.textContent = "no step"; return; }
    cur.step = Math.max(0, Math.min(cur.step, all.length - 1));
    var st = all[cur.step] || {};
    pick.value = String(cur.view);
    pos.textContent = "step " + (cur.step + 1) + " of " + all.length + (v.more ? " (+" + v.more + " in the JSON report)" : "");
    clear(strip);
    // A long transcript shows the steps around the current one (and the
    // finding's); the buttons and keys reach every step.
    var lo = 0, hi = all.length - 1, span = 60;
    if (all.length > 2 * span + 1) { lo = Math.max(0, cur.step - span); hi = Math.min(all.length - 1, cur.step + span); }
    if (lo > 0) strip.appendChild(el("li", "viewer-gap", "… " + lo + " earlier"));
    all.forEach(function (s, i) {
      if ((i < lo || i > hi) && i !== v.finding) return;
      var li = el("li");
      var b = el("button", "viewer-step" + (i === cur.step ? " current" : "") + (i === v.finding ? " finding" : ""),
        (i === v.finding ? "⚑ " : "") + (i + 1) + " " + (s.dir === "sent" ? "→" : "←") + " " + dash(s.kind));
      b.type = "button";
      b.setAttribute("data-step", String(i));
      if (i === cur.step) b.setAttribute("aria-current", "step");
      b.addEventListener("click", function () { go(i); });
      li.appendChild(b);
      strip.appendChild(li);
    });
    if (hi < all.length - 1) strip.appendChild(el("li", "viewer-gap", "… " + (all.length - 1 - hi) + " later"));
    root.classList.toggle("at-finding", v.finding >= 0 && cur.step === v.finding);
    $("viewer-goto-finding").disabled = !(v.finding >= 0);
    root.setAttribute("data-view", dash(v.id));
    root.setAttribute("data-step", String(cur.step));
    renderExpect(v, cur.step);
    renderTable(st);
    renderMessage(st);
  }

  function go(i) { cur.step = i; render(); }
  function open(viewIndex, step) {
    cur.view = Math.max(0, Math.min(viewIndex, views.length - 1));
    cur.step = step;
    render();
  }
  function openLink(id, step, scroll) {
    for (var i = 0; i < views.length; i++) {
      if (views[i].id === id) {
        open(i, step);
        if (scroll) root.scrollIntoView();
        active = true;
        return true;
      }
    }
    return false;
  }

  function start(i) { return Math.max(0, views[i].finding | 0); }
  pick.addEventListener("change", function () { var i = parseInt(pick.value, 10) || 0; open(i, start(i)); });
  $("viewer-first").addEventListener("click", function () { go(0); });
  $("viewer-prev").addEventListener("click", function () { go(Math.max(0, cur.step - 1)); });
  $("viewer-next").addEventListener("click", function () { go(Math.min(steps().length - 1, cur.step + 1)); });
  $("viewer-last").addEventListener("click", function () { go(steps().length - 1); });
  $("viewer-goto-finding").addEventListener("click", function () { if (view().finding >= 0) go(view().finding); });
  Array.prototype.slice.call(document.querySelectorAll("a.view-step")).forEach(function (a) {
    a.addEventListener("click", function (ev) {
      if (openLink(a.getAttribute("data-view"), parseInt(a.getAttribute("data-step"), 10) || 0, true)) ev.preventDefault();
    });
  });
  // Keys work once the viewer was used (a click or focus inside it, or a
  // finding's link), until a click elsewhere; never in a form field.
  var active = false;
  document.addEventListener("click", function (ev) {
    var t = ev.target;
    active = root.contains(t) || !!(t && t.closest && t.closest("a.view-step"));
  });
  root.addEventListener("focusin", function () { active = true; });
  document.addEventListener("keydown", function (ev) {
    if (!active || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    var t = ev.target && ev.target.tagName;
    if (t === "INPUT" || t === "TEXTAREA" || t === "SELECT") return;
    var n = steps().length;
    switch (ev.key) {
      case "ArrowLeft": case "k": go(Math.max(0, cur.step - 1)); break;
      case "ArrowRight": case "j": go(Math.min(n - 1, cur.step + 1)); break;
      case "Home": go(0); break;
      case "End": go(n - 1); break;
      default: return;
    }
    ev.preventDefault();
  });

  // #view-ID-STEP opens a step; #solo-view-ID-STEP shows the viewer alone
  // (for a screenshot or a shared link).
  var m = /^#(solo-)?view-(.+)-(\d+)$/.exec(location.hash || "");
  if (m && m[1]) document.documentElement.classList.add("viewer-solo");
  if (!(m && openLink(decodeURIComponent(m[2]), parseInt(m[3], 10), !m[1]))) open(0, start(0));

  // Test hook of the browser test (#viewer-walk): click through the first
  // view with the buttons and keys, follow a finding's link, and record
  // what was shown at each stop in data-viewer-walk.
  if (location.hash === "#viewer-walk") {
    var walk = [];
    var record = function (action) {
      var st = steps()[cur.step] || {};
      walk.push({
        action: action, view: view().id, step: cur.step, pos: pos.textContent,
        atFinding: root.classList.contains("at-finding"),
        expectShown: !!expect.querySelector("pre.expected"),
        current: strip.querySelectorAll("button.current").length,
        currentIndex: parseInt((strip.querySelector("button.current") || { getAttribute: function () { return "-1"; } }).getAttribute("data-step"), 10),
        marked: strip.querySelectorAll("button.finding").length,
        rows: tablePane.querySelectorAll("table.viewer-players tbody tr").length,
        you: tablePane.querySelectorAll("table.viewer-players tr.you").length,
        facts: tablePane.querySelectorAll("dl.viewer-facts dt").length,
        kind: st.kind || "", body: ((msgPane.querySelector("pre.viewer-body") || {}).textContent || "").slice(0, 200)
      });
    };
    var key = function (k) { document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true })); };
    root.focus(); // keys act once the viewer has the focus
    open(0, 0);
    record("open");
    for (var i = 1; i < steps().length; i++) { $("viewer-next").click(); record("next"); }
    $("viewer-next").click(); record("next-at-end");
    key("Home"); record("key-Home");
    key("ArrowRight"); record("key-ArrowRight");
    key("End"); record("key-End");
    $("viewer-prev").click(); record("prev");
    $("viewer-first").click(); record("first");
    $("viewer-last").click(); record("last");
    var links = document.querySelectorAll("a.view-step");
    if (links.length) {
      document.body.click(); // a click elsewhere: keys are the page's again
      key("Home"); record("key-Home-inactive");
      links[links.length - 1].click(); record("finding-link");
      key("End"); record("key-End-after-link");
    }
    if (views.length > 1) { pick.value = "1"; pick.dispatchEvent(new Event("change")); record("pick-1"); }
    document.documentElement.setAttribute("data-viewer-walk", JSON.stringify(walk));
  }
  document.documentElement.setAttribute("data-viewer-script", "ok");
})();
