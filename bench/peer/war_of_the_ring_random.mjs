// Random-play throughput of the TypeScript War of the Ring engine
// johnchampaign/war-of-the-ring, for the side-by-side comparison with
// bench/bench_war_of_the_ring.py (issue: >= 3x that engine's random actions/s).
//
// This file is ours; it contains none of the peer's code. It imports the peer's modules
// from a clone given by --peer DIR or $PEER_WOTR_DIR (default: the current directory).
//
// What it measures: complete games with a uniformly random legal player, played the way
// the peer's own headless soak plays them (scripts/tournament.mjs --fp random --shadow
// random, which deploy/linode/run-soak.sh runs with vite-node): the game starts from
// startGame(createGame({ seed })); each step asks wotrAdapter.currentActor and
// wotrAdapter.legalActions, picks one with the framework's Rng.pick (choice Rng seeded
// seed * 1000 + 7, as tournament.mjs does), and applies it with
// wotrAdapter.tryApplyAction, i.e. applyAction, which deep-clones the whole GameState
// (JSON.parse(JSON.stringify(state))) before dispatching: the path its players take.
// Games end at result() or at 20,000 actions (tournament.mjs's cap). Seeds run
// consecutively from --seed until --seconds of wall time (or --games) are used up.
// Prints actions per CPU second (process.cpuUsage, user + system, all threads: the
// counterpart of time.process_time() in bench_war_of_the_ring.py; it includes V8's GC
// and compiler threads, so it is the lower of the two rates), actions per wall second,
// complete games per CPU second, game lengths (actions and turns), the cards played per
// game (counted from the chosen actions: playEvent, and playCombatCard with a card),
// results, and how many games hit the cap.
//
// Reproduce (where GitHub is reachable; Node 20, npm):
//   git clone https://github.com/johnchampaign/war-of-the-ring /tmp/peer-wotr
//   cd /tmp/peer-wotr && git checkout dde7058 && npm install
//   # (Early commits ask for digital-boardgame-framework ^0.9.1; the npm registry serves
//   # 0.42.0, whose Rng has the same API: npm pkg set dependencies.digital-boardgame-framework=0.42.0.)
//   export PEER_WOTR_DIR=/tmp/peer-wotr
//   cd "$PEER_WOTR_DIR" && npx vite-node /work/main/bench/peer/war_of_the_ring_random.mjs -- --seconds 30 --seed 1
//   cd /work/main && .venv/bin/python bench/bench_war_of_the_ring.py 30
// Run the two alternately (peer, ours, peer, ours, ...) and note `uptime` before each.
// `npx tsx` instead of `npx vite-node` also works (tsx: npm install --no-save tsx).
//
// Measured (commit dde7058, the full engine with its Event and Combat cards, 2026-12-05 on a
// shared 2-core machine, six runs): 563-737 actions/s CPU, 0.12-0.37 complete games/s,
// 2,000-4,800 actions and 78-191 turns per game, about 23 Event cards and 9 Combat cards
// played per game. The figures beside ours are in bench_war_of_the_ring.py's docstring.
// Earlier, without GitHub, only a reconstruction of its first playable slice (commit
// 8bf53cd: Fellowship, Hunt and dice, no armies, combat or cards) could be run: 5,700-5,900
// actions/s, a bound that the full engine does not come near.
//
// Usage: war_of_the_ring_random.mjs [--seconds 30] [--games N] [--seed 1] [--peer DIR]
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const argv = process.argv.slice(2).filter((a) => a !== '--');
const opt = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : def;
};
const SECONDS = Number(opt('--seconds', '30'));
const MAX_GAMES = Number(opt('--games', 'Infinity'));
const FIRST_SEED = Number(opt('--seed', '1'));
const MAX_ACTIONS = 20000;
const peer = path.resolve(opt('--peer', process.env.PEER_WOTR_DIR ?? process.cwd()));

const load = (rel) => import(pathToFileURL(path.join(peer, rel)).href);
const { createGame } = await load('src/engine/setup.ts');
const { wotrAdapter, startGame } = await load('src/adapter/wotrAdapter.ts');
const { Rng } = await load('node_modules/digital-boardgame-framework/dist/index.js');

function playGame(seed) {
  let state = startGame(createGame({ seed }));
  const ai = new Rng(seed * 1000 + 7);
  let actions = 0, listed = 0, events = 0, combat = 0;
  while (!wotrAdapter.result(state) && actions < MAX_ACTIONS) {
    const actor = wotrAdapter.currentActor(state);
    if (actor === null) throw new Error(`seed ${seed}: stall (no actor) after ${actions} actions`);
    const legal = wotrAdapter.legalActions(state, actor);
    if (legal.length === 0) throw new Error(`seed ${seed}: no legal action after ${actions} actions`);
    listed += legal.length;
    const action = ai.pick(legal);
    // Cards played, counted from the chosen actions (a Combat card "none" is cardId null).
    if (action.kind === 'playEvent') events++;
    else if (action.kind === 'playCombatCard' && action.cardId) combat++;
    const res = wotrAdapter.tryApplyAction(state, action, actor);
    if (!res.ok) throw new Error(`seed ${seed}: illegal action rejected: ${res.reason}`);
    state = res.state;
    actions++;
  }
  const result = wotrAdapter.result(state);
  return { actions, listed, events, combat, turns: state.turn, winner: result?.winners[0] ?? null, capped: !result };
}

const cpu0 = process.cpuUsage();
const t0 = performance.now();
let games = 0, actions = 0, listed = 0, turns = 0, capped = 0, events = 0, combat = 0;
const wins = { fp: 0, shadow: 0 };
const lengths = [];
while (games < MAX_GAMES && (performance.now() - t0) / 1000 < SECONDS) {
  const g = playGame(FIRST_SEED + games);
  games++; actions += g.actions; listed += g.listed; turns += g.turns; lengths.push(g.actions);
  events += g.events; combat += g.combat;
  if (g.capped) capped++; else wins[g.winner]++;
}
const wall = (performance.now() - t0) / 1000;
const c = process.cpuUsage(cpu0);
const cpu = (c.user + c.system) / 1e6;
lengths.sort((a, b) => a - b);
console.log(`peer engine: ${(actions / cpu).toFixed(0)} actions/s CPU, ${(actions / wall).toFixed(0)} actions/s wall `
  + `(${actions} actions, ${games} games, ${cpu.toFixed(2)} s CPU, ${wall.toFixed(2)} s wall)`);
console.log(`  per game: mean ${(actions / games).toFixed(0)} actions (min ${lengths[0]}, median ${lengths[lengths.length >> 1]}, max ${lengths[lengths.length - 1]}), `
  + `mean ${(turns / games).toFixed(1)} turns, ${(listed / actions).toFixed(1)} choices/prompt`);
console.log(`  per game: ${(events / games).toFixed(1)} Event cards and ${(combat / games).toFixed(1)} Combat cards played; `
  + `${(games / cpu).toFixed(3)} games/s CPU`);
console.log(`  results: FP ${wins.fp}, Shadow ${wins.shadow}, capped at ${MAX_ACTIONS} actions: ${capped}`);
