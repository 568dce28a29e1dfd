/* The projector: shows one panel at a time (standings, pairings, "where do I sit?") and pages
   through it, so that a field of any size comes round on one screen.

   Rows per page follow from the screen: with every row of the panel shown, each page takes
   the rows that fit between the first row's top and the footer (tables), or as many lines
   as fit in a column times the list's columns ("where do I sit?"). After the last page of
   the last panel the cycle starts again (data-cycle counts the cycles). A live block that
   htmx swaps (a new result) is paged again at once; so is every panel after a resize.
   Every page shown is announced as a "projector:page" event on the document. */
(function () {
  "use strict";
  var root = document.getElementById("projector");
  if (!root) { return; }
  var seconds = Math.max(1, parseInt(root.dataset.seconds, 10) || 10);
  var panels = Array.prototype.slice.call(root.querySelectorAll(".pj-panel"));
  var foot = root.querySelector(".pj-foot");
  var pageOut = document.getElementById("pj-page");
  var whereOut = document.getElementById("pj-where");
  var bar = document.getElementById("pj-bar");
  var info = document.getElementById("pj-info");
  var clock = document.getElementById("pj-clock");
  var lang = root.dataset.lang || document.documentElement.lang || "de";
  var state = { panel: 0, page: 0, pages: [[0, 0]], cycle: 0 };

  root.classList.add("js");

  function rowsOf(panel) {
    return Array.prototype.slice.call(
      panel.querySelectorAll("table.standings > tbody > tr, table.pairings > tbody > tr, "
                             + "table.prize-allocation > tbody > tr, li.seat-line"));
  }

  function showPanel(index) {
    panels.forEach(function (p, i) { p.classList.toggle("current", i === index); });
  }

  /* [start, end) of each page of the panel now shown. */
  function paginate(panel) {
    var rows = rowsOf(panel);
    rows.forEach(function (r) { r.classList.remove("pj-off"); });
    if (!rows.length) { return [[0, 0]]; }
    var limit = foot.getBoundingClientRect().top - 6;
    /* Lines under a table that sum a value over the field (Skat's loss fees for the cash
       desk) stay under every page of it: their room is not the rows'. */
    Array.prototype.forEach.call(panel.querySelectorAll("[data-total]"), function (line) {
      var style = window.getComputedStyle(line);
      limit -= line.getBoundingClientRect().height + (parseFloat(style.marginTop) || 0) +
        (parseFloat(style.marginBottom) || 0);
    });
    var pages = [];
    var list = panel.querySelector(".seat-list");
    if (list) {
      var columns = parseInt(window.getComputedStyle(list).columnCount, 10) || 1;
      var height = rows[0].getBoundingClientRect().height || 1;
      var fit = Math.floor((limit - list.getBoundingClientRect().top) / height);
      var per = Math.max(1, fit) * columns;
      for (var s = 0; s < rows.length; s += per) { pages.push([s, Math.min(s + per, rows.length)]); }
      return pages;
    }
    var start = 0;
    var top = rows[0].getBoundingClientRect().top;
    var room = Math.max(limit - top, 1);
    for (var i = 0; i < rows.length; i++) {
      var r = rows[i].getBoundingClientRect();
      if (i > start && r.bottom - top > room) {
        pages.push([start, i]);
        start = i;
        top = r.top;
      }
    }
    pages.push([start, rows.length]);
    return pages;
  }

  function format(text, values) {
    return text.replace(/\{(\w+)\}/g, function (m, key) { return key in values ? values[key] : m; });
  }

  function render() {
    var panel = panels[state.panel];
    if (!panel) { return; }
    var range = state.pages[state.page] || [0, 0];
    rowsOf(panel).forEach(function (r, i) { r.classList.toggle("pj-off", i < range[0] || i >= range[1]); });
    footLine(panel, state.page + 1, state.pages.length);
    if (bar) {  /* the time left on this page, as a bar (style through the CSSOM, not inline) */
      bar.style.transition = "none";
      bar.style.width = "0%";
      void bar.offsetWidth;
      bar.style.transition = "width " + seconds + "s linear";
      bar.style.width = "100%";
    }
    document.dispatchEvent(new CustomEvent("projector:page", { detail: {
      panel: panel.dataset.panel, page: state.page + 1, pages: state.pages.length,
      cycle: state.cycle } }));
  }

  /* The footer's line as it will be, before measuring: its height decides the room. */
  function footLine(panel, page, pages) {
    whereOut.textContent = panel.dataset.title || "";
    pageOut.textContent = format(root.dataset.pageFormat || "{x}/{y}", { x: page, y: pages });
  }

  function enter(index) {
    state.panel = index;
    state.page = 0;
    showPanel(index);
    footLine(panels[index], 1, 1);
    state.pages = paginate(panels[index]);
    render();
  }

  /* The next panel that has rows (a panel without any, e.g. before the first round, is
     skipped unless no panel has rows). */
  function nextPanel() {
    var wrapped = false;
    for (var k = 1; k <= panels.length; k++) {
      var i = (state.panel + k) % panels.length;
      if (i === 0) { wrapped = true; }
      if (rowsOf(panels[i]).length || k === panels.length) {
        if (wrapped) { state.cycle += 1; root.dataset.cycle = String(state.cycle); }
        return i;
      }
    }
    return state.panel;
  }

  function tick() {
    if (state.page + 1 < state.pages.length) {
      state.page += 1;
      render();
    } else if (panels.length > 1) {
      enter(nextPanel());
    } else {
      state.cycle += 1;
      root.dataset.cycle = String(state.cycle);
      state.page = 0;
      state.pages = paginate(panels[state.panel]);
      render();
    }
  }

  function repage() {
    var panel = panels[state.panel];
    if (!panel) { return; }
    state.pages = paginate(panel);
    state.page = Math.min(state.page, state.pages.length - 1);
    render();
  }

  /* The header's round line comes from the pairings block (a hidden one where the pairings
     are not among the panels), so a new round and the tables still playing show at once. */
  function roundInfo() {
    var line = root.querySelector("#pairings .pj-roundinfo, #pj-round-live .pj-roundinfo");
    if (line && info) { info.innerHTML = line.innerHTML; }
    timeLeft();
  }

  function timeLeft() {
    if (!info) { return; }
    /* the round clock: minutes since the open round was published */
    Array.prototype.forEach.call(info.querySelectorAll(".pj-since[data-since]"), function (el) {
      var since = Date.parse(el.dataset.since);
      if (isNaN(since)) { return; }
      el.textContent = format(root.dataset.sinceFormat || "{m}",
                              { m: Math.max(0, Math.floor((Date.now() - since) / 60000)) });
    });
    Array.prototype.forEach.call(info.querySelectorAll(".time-left[data-ends]"), function (el) {
      var ends = Date.parse(el.dataset.ends);
      if (isNaN(ends)) { return; }
      var left = Math.ceil((ends - Date.now()) / 60000);
      el.textContent = left > 0 ? format(root.dataset.leftFormat || "{m}", { m: left })
                                : (root.dataset.over || "");
      el.classList.toggle("over", left <= 0);
    });
  }

  function showTime() {
    if (clock) {
      /* 24 hours, in the tournament's time zone (the one "ends at" is given in) */
      var options = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
      if (root.dataset.tz) { options.timeZone = root.dataset.tz; }
      try {
        clock.textContent = new Date().toLocaleTimeString(lang, options);
      } catch (err) {  /* a time zone this browser does not know: its own */
        delete options.timeZone;
        clock.textContent = new Date().toLocaleTimeString(lang, options);
      }
    }
  }

  document.addEventListener("htmx:afterSwap", function (e) {
    var target = e.detail && e.detail.target;
    if (!target || !root.contains(target)) { return; }
    if (target.id === "pairings" || target.id === "pj-round-live") { roundInfo(); }
    if (panels[state.panel] && panels[state.panel].contains(target)) { repage(); }
  });

  var resizing = null;
  window.addEventListener("resize", function () {
    window.clearTimeout(resizing);
    resizing = window.setTimeout(repage, 200);
  });

  function start() {
    roundInfo();
    showTime();
    window.setInterval(function () { showTime(); timeLeft(); }, 1000);
    var first = 0;
    while (first < panels.length - 1 && !rowsOf(panels[first]).length) { first += 1; }
    enter(first);
    window.setInterval(tick, seconds * 1000);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
