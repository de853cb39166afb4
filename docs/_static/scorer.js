/* Search ranking for the rules docs (html_search_scorer). An exact section id ranks first,
 * the game being read (the search form's "game" field) before other games. Dotted ids such
 * as 12.2 stay whole words. */
var splitQuery = (query) =>
  query
    .split(/[^\p{Letter}\p{Number}_.:\p{Emoji_Presentation}]+/gu)
    .map((term) => term.replace(/^[.:]+|[.:]+$/g, ""))
    .filter((term) => term);

var Scorer = {
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: { 0: 15, 1: 5, 2: -5 },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,

  _decode: (text) => {
    if (typeof text !== "string" || text.indexOf("&") < 0) return text;
    const area = document.createElement("textarea");
    area.innerHTML = text;
    return area.value;
  },

  _query: () => {
    const params = new URLSearchParams(window.location.search);
    const words = splitQuery((params.get("q") || "").trim());
    const map = window.RULE_MAP || { games: {}, default: "" };
    let game = params.get("game");
    if (!map.games[game]) game = map.default;
    let wantedGame = null;
    const ids = [];
    for (const word of words) {
      const w = word.toLowerCase().replace(/’/g, "'");
      const named = Object.keys(map.games).find(
        (g) => g === w || map.games[g][0].toLowerCase().replace(/’/g, "'") === w,
      );
      const colon = w.match(/^([a-z0-9_]+):(.+)$/);
      if (named) wantedGame = named;
      else if (colon && map.games[colon[1]]) {
        wantedGame = colon[1];
        ids.push(colon[2]);
      } else if (/^[0-9a-z]+(\.[0-9a-z]+)+$/.test(w) || /^\d+$/.test(w)) ids.push(w);
    }
    return { game: wantedGame || game, explicit: !!wantedGame, ids };
  },

  /* "rule-kb42-12-6" -> "kb42:12.6", from the rule map. */
  _ruleOf: (anchor) => {
    const map = window.RULE_MAP;
    if (!map) return null;
    if (!Scorer._anchors) {
      Scorer._anchors = {};
      for (const [key, value] of Object.entries(map.rules)) {
        Scorer._anchors[value[0].split("#")[1]] = key;
      }
    }
    return Scorer._anchors[(anchor || "").replace(/^#/, "")] || null;
  },

  score: (result) => {
    // Sphinx escapes object names twice; show "S'42", not "S&#x27;42".
    result[1] = Scorer._decode(result[1]);
    result[3] = Scorer._decode(result[3]);
    if (!Scorer._q) Scorer._q = Scorer._query();
    const q = Scorer._q;
    let score = result[4];
    const key = Scorer._ruleOf(result[2]);
    if (key) {
      const [game, id] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
      const exact = q.ids.some(
        (w) => id.toLowerCase() === w || id.toLowerCase() === w + ".0",
      );
      if (exact) score += 1000;
      if (game === q.game) score += q.explicit ? 500 : 100;
    }
    return score;
  },
};
