/* The "go to rule" box: type "12.2", "kb42 12.6", "sos:9.57" or "S'42 12.0" and land on the
 * section. RULE_MAP (written at build time, _static/rulemap.js) maps "game:id" to its page. */
(function () {
  "use strict";

  function root() {
    var r = document.documentElement.dataset.content_root;
    return r === undefined ? "" : r;
  }

  /* The game of the page being read: rules/<game>/..., else the flagship. */
  function currentGame() {
    var map = window.RULE_MAP || { games: {}, default: "" };
    var m = window.location.pathname.match(/\/rules\/([a-z0-9_]+)\//);
    if (m && map.games[m[1]]) return m[1];
    var q = new URLSearchParams(window.location.search).get("game");
    if (q && map.games[q]) return q;
    return map.default;
  }

  function gameOf(word) {
    var map = window.RULE_MAP || { games: {} };
    var w = word.toLowerCase().replace(/[’‘`]/g, "'").replace(/[:\s]+$/, "");
    for (var id in map.games) {
      var shortName = map.games[id][0].toLowerCase().replace(/[’‘`]/g, "'");
      if (w === id || w === shortName || w === shortName.replace(/'/g, "")) return id;
    }
    return null;
  }

  /* "kb42 12.6" -> {game: "kb42", id: "12.6"}; null when it does not look like a rule id. */
  function parse(text, fallbackGame) {
    var t = text.trim().replace(/^(rule|section|§)\s*/i, "").replace(/[()\[\]§]/g, "");
    var game = null;
    var m = t.match(/^(.+?)\s*[:\s]\s*([0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)\.?$/);
    if (m && gameOf(m[1])) {
      game = gameOf(m[1]);
      t = m[2];
    } else if (m && !/^[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*\.?$/.test(t)) {
      return { game: null, id: m[2], unknownGame: m[1] };
    }
    t = t.replace(/\.$/, "");
    if (!/^[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*$/.test(t)) return null;
    return { game: game || fallbackGame, id: t, explicit: !!game };
  }

  /* The key in RULE_MAP, forgiving "12" for "12.0" and letter case. */
  function find(game, id) {
    var rules = (window.RULE_MAP || { rules: {} }).rules;
    var tries = [id, id + ".0", id.toUpperCase(), id.toLowerCase()];
    for (var i = 0; i < tries.length; i++) {
      if (rules[game + ":" + tries[i]]) return game + ":" + tries[i];
    }
    return null;
  }

  function resolve(text) {
    var here = currentGame();
    var p = parse(text, here);
    if (!p) return { error: "Type a section id such as 12.2, or a game and an id: kb42 12.6." };
    if (p.unknownGame) return { error: "No game called '" + p.unknownGame + "'." };
    var key = find(p.game, p.id);
    if (!key && !p.explicit) {
      // not in this game: the only other game that has it
      var others = Object.keys(window.RULE_MAP.games).filter(function (g) {
        return g !== p.game && find(g, p.id);
      });
      if (others.length === 1) key = find(others[0], p.id);
    }
    if (!key) {
      var name = window.RULE_MAP.games[p.game] ? window.RULE_MAP.games[p.game][0] : p.game;
      return { error: "No section " + p.id + " in " + name + "." , search: p.id };
    }
    return { key: key, url: root() + window.RULE_MAP.rules[key][0] };
  }

  function setup(form) {
    var input = form.querySelector("input[name=rule]");
    var note = form.querySelector(".gotorule-note");
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var r = resolve(input.value);
      if (r.url) {
        window.location.href = r.url;
        return;
      }
      note.textContent = r.error + " ";
      if (r.search) {
        var a = document.createElement("a");
        a.href = root() + "search.html?q=" + encodeURIComponent(r.search) +
          "&game=" + encodeURIComponent(currentGame());
        a.textContent = "Search for it";
        note.appendChild(a);
      }
    });
  }

  function fillGame() {
    document.querySelectorAll("input[name=game]").forEach(function (el) {
      el.value = currentGame();
    });
    var label = document.querySelector(".gotorule-game");
    var map = window.RULE_MAP;
    if (label && map && map.games[currentGame()]) label.textContent = map.games[currentGame()][0];
  }

  window.GoToRule = { parse: parse, resolve: resolve, currentGame: currentGame };
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form.gotorule").forEach(setup);
    fillGame();
  });
})();
