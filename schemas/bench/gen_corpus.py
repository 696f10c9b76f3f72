#!/usr/bin/env python3
"""Generate the schema test corpus (deterministic).

Writes schemas/testdata/corpus/<game>.jsonl: one line per message,
{"game": G, "kind": K, "message": {...}}, a few hundred real-looking
messages of every kind of the games below; and
schemas/testdata/valid/<game>/<kind>.json: the first message of each kind,
the positive fixture that the negative cases of the Go tests mutate.

Run from the repository root: python3 schemas/bench/gen_corpus.py
"""
import hashlib
import json
import os
import random

R = random.Random(20261130)
HERE = os.path.dirname(os.path.abspath(__file__))
TD = os.path.join(HERE, "..", "testdata")
out = []


def emit(game, kind, msg):
    out.append({"game": game, "kind": kind, "message": msg})


# ---------------------------------------------------------------- Inference
LIMITS = {"ante": 2, "ante_ramp": {"from_round": 21, "every_rounds": 10, "step": 1},
          "min_raise": 1, "max_raise": 10, "max_raises_per_round": 3, "value_min": 1,
          "value_max": 100, "turn_deadline_ms": 10000, "max_consecutive_timeouts": 3,
          "sit_out_rounds": 5, "max_message_chars": 280}
TALK = ["I like my odds.", "Fold now.", "Nice try.", "¿Seguro? 🙂", "all in soon", "<b>bold</b> & \"quoted\"", "x" * 280]


def actions(n, seats):
    acts, raises = [], 0
    for t in range(n):
        s = seats[t % len(seats)]
        a = R.choice(["fold", "call", "call", "raise"]) if raises < 3 else R.choice(["fold", "call"])
        e = {"turn": t, "seat": s, "action": a}
        if a == "raise":
            raises += 1
            e["amount"] = R.randint(1, 10)
        elif a == "call":
            e["amount"] = R.randint(0, 12)
        if R.random() < 0.1:
            e["timeout"] = True
        acts.append(e)
    return acts


def messages(acts):
    return [{"turn": a["turn"], "seat": a["seat"], "text": R.choice(TALK)} for a in acts if R.random() < 0.3]


def history(rounds, n):
    h = []
    for r in range(1, rounds + 1):
        unc = R.random() < 0.3
        w = sorted(R.sample(range(n), 1 if unc else R.randint(1, 2)))
        pot = R.randint(6, 60)
        e = {"round": r, "dealer": r % n, "pot": pot, "uncontested": unc, "winners": w,
             "reveals": [] if unc else [{"seat": s, "value": R.randint(1, 100)} for s in sorted(set(w + [R.randrange(n)]))],
             "payouts": [{"seat": s, "amount": pot // len(w)} for s in w]}
        if r > rounds - 20:
            acts = actions(R.randint(2, 8), list(range(n)))
            e["actions"], e["messages"] = acts, messages(acts)
        h.append(e)
    return h


def visible_state(n, rnd, seat):
    players = []
    for s in range(n):
        out_ = R.random() < 0.1
        p = {"seat": s, "name": "bot-%d" % s, "credits": R.randint(0, 200), "busted": False,
             "sitting_out": out_, "in_round": not out_, "folded": R.random() < 0.2,
             "all_in": False, "contribution": R.randint(0, 20)}
        if out_:
            p["back_in_round"] = rnd + R.randint(1, 5)
        players.append(p)
    to_call = R.choice([0, 0, 2, 5])
    acts = actions(R.randint(0, 6), list(range(n))) if rnd else []
    return {"game": "inference", "rules_version": "inference-0.4", "rounds_total": 40, "round": rnd,
            "dealer": rnd % n if rnd else None, "table_size": n, "your_seat": seat,
            "your_value": R.randint(1, 100) if rnd else None, "your_credits": R.randint(0, 200),
            "to_call": to_call, "call_breakeven_value": R.randint(1, 100) if to_call else None,
            "current_bet": R.randint(0, 30), "pot": R.randint(0, 80), "raises_used": R.randint(0, 3),
            "limits": dict(LIMITS, ante=2 + max(0, (rnd - 11) // 10)),
            "turn": {"turn": len(acts), "seat": seat} if rnd else None, "players": players,
            "actions": acts, "messages": messages(acts), "history": history(max(0, rnd - 1), n)}


def legal(to_call, credits):
    la = [{"action": "fold"}, {"action": "call", "amount": min(to_call, credits)}]
    if credits > to_call:
        la.append({"action": "raise", "min": 1, "max": min(10, credits - to_call)})
    return la


I = "inference"
seed = "%016x" % R.getrandbits(64)
commit = hashlib.sha256(seed.encode()).hexdigest()
for i in range(20):
    n = R.randint(3, 8)
    rnd = R.choice([0, 1, 5, 12, 25, 33]) if i % 4 else 0
    mid = "m-%d" % i
    seat = R.randrange(n)
    emit(I, "hello", {"type": "hello", "match_id": mid, "seat": seat, "token": "tok-%d" % i})
    emit(I, "welcome", {"type": "welcome", "match_id": mid, "seat": seat, "rules_version": "inference-0.4",
                        "visible_state": visible_state(n, rnd, seat)})
    r = max(rnd, 1)
    vs = visible_state(n, r, seat)
    emit(I, "your_turn", {"type": "your_turn", "match_id": mid, "round": r, "turn": vs["turn"]["turn"],
                          "deadline_ms": 10000, "visible_state": vs, "legal_actions": legal(vs["to_call"], vs["your_credits"])})
    emit(I, "visible_state", vs)
    for la in legal(R.randint(0, 9), R.randint(0, 30)):
        emit(I, "legal_action", la)
    a = R.choice(["fold", "call", "raise"])
    mv = {"type": "move", "match_id": mid, "turn": R.randint(0, 9), "action": a}
    if a == "raise":
        mv["amount"] = R.randint(1, 10)
    elif R.random() < 0.5:
        mv["amount"] = R.choice([0, 2, None])
    if R.random() < 0.5:
        mv["message"] = R.choice(TALK)
    emit(I, "move", mv)
    emit(I, "error", {"type": "error", "match_id": mid, "code": R.choice(["illegal_move", "not_your_turn", "bad_message", "unauthorized", "stale_turn"]),
                      "message": "raise amount out of range", "turn": R.randint(0, 9)})
    emit(I, "event", {"type": "event", "match_id": mid, "event": {"type": "action", "round": r, "turn": 0, "seat": seat, "action": "call", "amount": 2}})

# one full match log
logs = [{"type": "match_start", "match_id": "m-log", "rules_version": "inference-0.4", "table_size": 6, "rounds_total": 40,
         "starting_credits": 100, "seats": [{"seat": s, "name": "p%d" % s} for s in range(6)], "limits": LIMITS, "seed_commit": commit}]
for r in range(1, 9):
    dealt = [s for s in range(6) if not (r in (4, 5) and s == 1)]
    logs.append({"type": "round_start", "round": r, "dealer": r % 6, "ante": 2, "dealt_in": dealt})
    if r == 6:
        logs.append({"type": "return", "round": r, "seat": 1})
    for s in dealt:
        logs.append({"type": "deal_private", "round": r, "seat": s, "value": R.randint(1, 100)})
    for s in dealt:
        e = {"type": "ante", "round": r, "seat": s, "amount": 2}
        if R.random() < 0.05:
            e["all_in"] = True
        logs.append(e)
    for t, a in enumerate(actions(R.randint(3, 7), dealt)):
        if R.random() < 0.3:
            logs.append({"type": "message", "round": r, "turn": t, "seat": a["seat"], "text": R.choice(TALK)})
        if a.get("timeout"):
            logs.append({"type": "timeout", "round": r, "turn": t, "seat": a["seat"], "strikes": 1})
        a = dict(a, type="action", round=r, turn=t)
        if a["action"] == "fold":
            a.pop("amount", None)
        logs.append(a)
    if r == 3:
        logs.append({"type": "timeout", "round": r, "turn": 9, "seat": 1, "strikes": 3, "sit_out": True, "back_in_round": 9})
    unc = r % 3 == 0
    w = [R.randrange(6)]
    logs.append({"type": "showdown", "round": r, "pot": 12 + r, "uncontested": unc,
                 "reveals": [] if unc else [{"seat": s, "value": R.randint(1, 100)} for s in sorted(set(w + [0]))],
                 "winners": w, "payouts": [{"seat": w[0], "amount": 12 + r}]})
    if r == 7:
        logs.append({"type": "bust", "round": r, "seat": 2})
end = {"type": "match_end", "round": 8, "reason": "rounds_complete", "seed": seed,
       "ranking": [{"seat": s, "rank": s + 1, "credits": 200 - 30 * s} for s in range(6)]}
logs.append(end)
for l in logs:
    emit(I, "log_" + l["type"], l)
emit(I, "match_end", dict(end, match_id="m-log", seed_commit=commit))

# ---------------------------------------------------------------- BangArena
B = "bangarena"
CARDS = {"shot": 25, "miss": 12, "heal_self": 6, "steal_near": 4, "discard_any": 4, "duel": 3, "raid": 2, "draw2": 2,
         "market": 2, "heal_all": 1, "draw3": 1, "aoe_shot": 1, "jail": 3, "cover": 2, "mount": 2, "scope": 1, "bomb": 1,
         "weapon_volcanic": 2, "weapon_short": 3, "weapon_rifle": 1, "weapon_carbine": 1, "weapon_long": 1}
SUITS = ["hearts", "diamonds", "clubs", "spades"]
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK = [(c, i) for c, n in CARDS.items() for i in range(1, n + 1)]


def card(cid=None):
    if cid is None:
        cid, i = R.choice(DECK)
    else:
        i = R.randint(1, CARDS[cid])
    return {"uid": "%s_%02d" % (cid, i), "cardId": cid, "suit": R.choice(SUITS), "rank": R.choice(RANKS)}


def player(s, you, nseats, alive=True):
    hand = [card() for _ in range(R.randint(0, 6))]
    role = "marshal" if s == 0 else (R.choice(["aide", "raider", "lone"]) if (s == you or not alive) else None)
    p = {"seat": s, "hp": R.randint(1, 5) if alive else 0, "maxHp": 5, "alive": alive,
         "characterId": "char_%02d" % R.randint(1, 16), "roleId": role,
         "hand": hand if s == you else [{"backId": "b%d-%d" % (s, k)} for k in range(len(hand))],
         "handCount": len(hand), "inPlayCards": [card(R.choice(["cover", "mount", "scope", "bomb", "jail"])) for _ in range(R.randint(0, 2))],
         "weaponCardId": R.choice([None, None, "weapon_short", "weapon_rifle", "weapon_volcanic"]),
         "glory": {"stars": R.randint(0, 2), "range": R.randint(0, 1), "heart": 0, "sight": R.randint(0, 1)}}
    if role is None:
        p["roleHidden"] = True
    return p


def events(start, seat):
    ev = []
    seq = start
    for _ in range(R.randint(2, 10)):
        t = R.choice(["turn_start", "card_played", "damage", "heal", "draw", "discard", "check", "cover_check", "reshuffle", "glory_star"])
        e = {"seq": seq, "type": t}
        s = R.randrange(5)
        if t == "turn_start":
            e.update(seat=s, round=R.randint(1, 12))
        elif t == "card_played":
            c = card("shot")
            e.update(seat=s, cardId="shot", uid=c["uid"], command="play_shot", targetSeat=(s + 1) % 5)
        elif t == "damage":
            e.update(seat=s, amount=1, sourceSeat=(s + 2) % 5)
        elif t == "heal":
            e.update(seat=s, amount=1)
        elif t == "draw":
            e.update(seat=s, count=2)
            if s == seat:
                e["cards"] = [card(), card()]
        elif t == "discard":
            e.update(seat=s, uids=[card()["uid"]])
        elif t == "check":
            e.update(seat=s, kind=R.choice(["jail", "dynamite"]), card=card())
        elif t == "cover_check":
            e.update(seat=s, coin=True, flips=R.choice([1, 2]), success=R.random() < 0.5)
        elif t == "glory_star":
            e.update(seat=s)
        ev.append(e)
        seq += 1
    return ev


def observation(you, version, n=None):
    n = n or R.randint(4, 8)
    phase = R.choice(["play", "play", "reaction", "discard", "draw"])
    pr = None
    q = []
    if phase == "reaction":
        k = R.choice(["shot", "aoe_shot", "raid", "duel"])
        c = card({"shot": "shot", "aoe_shot": "aoe_shot", "raid": "raid", "duel": "duel"}[k])
        pr = {"kind": k, "sourceSeat": (you + 1) % n, "targetSeat": you, "command": "play_" + k, "cardId": c["cardId"], "cardUid": c["uid"]}
        q = [you]
    return {"version": version, "phase": phase, "turnSeat": R.randrange(n), "you": you, "pendingReaction": pr,
            "reactionQueue": q, "pendingChoice": None,
            "players": [player(s, you, n, alive=R.random() > 0.15 or s == you) for s in range(n)],
            "deckCount": R.randint(0, 60), "discardCount": R.randint(0, 30), "events": events(version * 3, you),
            "roleMode": R.choice(["classic", "partners", "impostor", "legacy"])}


def uid(cid):
    return "%s_%02d" % (cid, R.randint(1, CARDS[cid]))


def legal_items():
    t = R.randrange(8)
    items = []
    u = uid("shot")
    items.append({"actionId": "shot:%s:%d" % (u, t), "command": "play_shot", "argsSchema": {"cardUid": u, "targetSeat": t}})
    m = uid("miss")
    items.append({"actionId": "shot:%s:%d" % (m, t), "command": "play_shot", "argsSchema": {"cardUid": m, "targetSeat": t, "playedAs": "shot"}})
    for cmd, pre, cid in [("play_aoe_shot", "aoe_shot", "aoe_shot"), ("play_raid", "raid", "raid"), ("play_draw", "draw", "draw3"),
                          ("play_market", "market", "market"), ("play_heal_all", "heal_all", "heal_all"), ("play_heal_self", "heal", "heal_self"),
                          ("play_weapon", "weapon", "weapon_carbine")]:
        u = uid(cid)
        items.append({"actionId": "%s:%s" % (pre, u), "command": cmd, "argsSchema": {"cardUid": u}})
    u = uid("duel")
    items.append({"actionId": "duel:%s:%d" % (u, t), "command": "play_duel", "argsSchema": {"cardUid": u, "targetSeat": t}})
    u = uid("steal_near")
    items.append({"actionId": "steal:%s:%d:hand" % (u, t), "command": "play_steal", "argsSchema": {"cardUid": u, "targetSeat": t, "pick": {"zone": "hand"}}})
    v = uid("mount")
    items.append({"actionId": "discard_any:%s:%d:inPlay:%s" % (uid("discard_any"), t, v), "command": "play_discard_any",
                  "argsSchema": {"cardUid": items[-1]["argsSchema"]["cardUid"].replace("steal_near", "discard_any"), "targetSeat": t, "pick": {"zone": "inPlay", "cardUid": v}}})
    items[-1]["argsSchema"]["cardUid"] = items[-1]["actionId"].split(":")[1]
    j = uid("jail")
    items.append({"actionId": "equip_blue:%s:%d" % (j, t), "command": "play_equip_blue", "argsSchema": {"cardUid": j, "targetSeat": t}})
    c = uid("cover")
    items.append({"actionId": "equip_blue:%s" % c, "command": "play_equip_blue", "argsSchema": {"cardUid": c}})
    items.append({"actionId": "end_play", "command": "end_play"})
    a, b = uid("shot"), uid("heal_self")
    items.append({"actionId": "discard_heal:%s:%s" % (a, b), "command": "use_discard_heal", "argsSchema": {"cardUids": [a, b]}})
    items.append({"actionId": "peek:%d" % t, "command": "use_peek_role", "argsSchema": {"targetSeat": t}})
    return items


def reaction_items():
    m, s = uid("miss"), uid("shot")
    return [{"actionId": "miss:%s" % m, "command": "play_miss", "argsSchema": {"cardUid": m}},
            {"actionId": "miss:%s" % s, "command": "play_miss", "argsSchema": {"cardUid": s, "playedAs": "miss"}},
            {"actionId": "raid_discard_shot:%s" % s, "command": "play_raid_discard_shot", "argsSchema": {"cardUid": s}},
            {"actionId": "duel_discard_shot:%s" % m, "command": "play_duel_discard_shot", "argsSchema": {"cardUid": m, "playedAs": "shot"}},
            {"actionId": "pass_reaction", "command": "pass_reaction"}]


def choice_items():
    ch = "ch-%d" % R.randint(1, 99)
    top = [uid("shot"), uid("miss"), uid("duel")]
    return [{"actionId": "first_draw:%s:deck" % ch, "command": "choose_first_draw", "argsSchema": {"choiceId": ch, "source": {"kind": "deck"}}},
            {"actionId": "first_draw:%s:hand:3" % ch, "command": "choose_first_draw", "argsSchema": {"choiceId": ch, "source": {"kind": "hand", "seat": 3}}},
            {"actionId": "first_draw:%s:discard" % ch, "command": "choose_first_draw", "argsSchema": {"choiceId": ch, "source": {"kind": "discard"}}},
            {"actionId": "look_top:%s:%s" % (ch, top[1]), "command": "choose_look_top", "argsSchema": {"choiceId": ch, "putBackUid": top[1]}},
            {"actionId": "glory:%s:heart" % ch, "command": "choose_glory", "argsSchema": {"choiceId": ch, "perk": "heart"}},
            {"actionId": "prayer:%s:yes" % ch, "command": "choose_prayer", "argsSchema": {"choiceId": ch, "pray": True}},
            {"actionId": "discard", "command": "discard", "argsSchema": {"cardUids": [uid("shot"), uid("miss")]}}]


for i in range(15):
    you = R.randrange(4)
    ver = R.randint(1, 500)
    obs = observation(you, ver)
    items = {"play": legal_items, "reaction": reaction_items}.get(obs["phase"], choice_items)()
    dr = {"matchId": "m-%d" % i, "seatId": you, "decisionId": "d-%d-%d" % (ver, you), "observationVersion": ver,
          "deadlineAt": "2026-10-09T12:00:%02d.000Z" % R.randint(0, 59), "rulesetVersion": "krug_rules@0.1.0",
          "mechanicsPackHash": "PACK_DEFAULT_V0", "protocolVersion": "krug-decision/1", "observation": obs, "legalActions": items}
    if i % 3 == 0:
        dr["legal_mask"] = items
    emit(B, "decision_request", dr)
    if i % 10 == 9:
        emit(B, "decision_request", dict(dr, decisionId=None, legalActions=[], legal_mask=[]))
    emit(B, "observation", observation(you, ver + 1))
    for it in items[:6]:
        emit(B, "legal_action", it)
    it = R.choice(items)
    d = {"seat": you, "actionId": it["actionId"], "commandId": "c-%d-%d-%04x" % (you, ver, R.getrandbits(16))}
    d["observationVersion" if i % 4 else "basedOnVersion"] = ver
    if it["command"] == "discard":
        d["args"] = {"cardUids": it["argsSchema"]["cardUids"]}
    emit(B, "decision", d)
    emit(B, "decision_answer", {"ok": True, "observationVersion": ver + 1, **({"duplicate": True} if i % 5 == 0 else {})})
    for e in events(ver, you):
        emit(B, "event", e)
    emit(B, "card", card())
emit(B, "decision_answer", {"ok": True, "observationVersion": 7, "random": True, "replacedBy": "end_play", "requestedActionId": "shot:shot_99:9"})
for code, reask, retry in [("illegal_action", True, False), ("unauthorized", False, False), ("stale_version", False, True),
                           ("no_decision_pending", False, True), ("malformed", False, False), ("not_ended", False, True)]:
    e = {"code": code, "message": "see code"}
    if reask:
        e["reask"] = True
    if retry:
        e["retryable"] = True
    emit(B, "error", {"error": e})
for t, extra in [("eliminated", {"seat": 3, "roleId": "raider", "killerSeat": 0}), ("game_over", {"winnerTeam": "law", "winnerSeats": [0, 2]}),
                 ("high_noon", {"round": 8}), ("glory_bounty", {"seat": 0, "victimSeat": 3}), ("kill_penalty", {"seat": 0}),
                 ("kill_reward", {"seat": 2, "count": 3}), ("marshal_briefing", {"knownRoles": {"2": "aide", "4": "aide"}}),
                 ("team_briefing", {"seats": [1, 3]})]:
    emit(B, "event", dict({"seq": 900 + len(out), "type": t}, **extra))
emit(B, "match_end", {"type": "match_end", "winnerTeam": "raiders", "winnerSeats": [1, 3]})

ROLES = [("marshal", "law", True), ("aide", "law", False), ("raider", "raiders", False), ("lone", "lone", False), ("impostor", "raiders", False)]
CMD = {"shot": "play_shot", "miss": "play_miss", "heal_self": "play_heal_self", "steal_near": "play_steal", "discard_any": "play_discard_any",
       "duel": "play_duel", "raid": "play_raid", "draw2": "play_draw", "market": "play_market", "heal_all": "play_heal_all", "draw3": "play_draw",
       "aoe_shot": "play_aoe_shot"}
RANGE = {"weapon_volcanic": 1, "weapon_short": 2, "weapon_rifle": 3, "weapon_carbine": 4, "weapon_long": 5}
HP = [3, 4, 4, 3, 4, 4, 4, 4, 3, 4, 4, 5, 4, 4, 4, 4]
COMMANDS = ["play_shot", "play_aoe_shot", "play_raid", "play_duel", "play_steal", "play_discard_any", "play_draw", "play_market", "play_heal_all",
            "play_heal_self", "play_equip_blue", "play_weapon", "end_play", "discard", "play_miss", "play_raid_discard_shot", "play_duel_discard_shot",
            "pass_reaction", "choose_first_draw", "choose_look_top", "choose_glory", "choose_prayer", "use_peek_role", "use_discard_heal"]
rules = {"rulesetVersion": "krug_rules@0.1.0", "protocolVersion": "krug-decision/1", "packId": "PACK_DEFAULT_V0", "seats": {"min": 4, "max": 8},
         "roleModes": ["classic", "partners", "impostor", "legacy"], "phases": ["setup", "draw", "play", "reaction", "discard", "ended"],
         "roles": [{"roleId": r, "team": t, "public": p} for r, t, p in ROLES],
         "cards": [dict({"cardId": c, "kind": "weapon" if c in RANGE else ("blue" if c in ("jail", "cover", "mount", "scope", "bomb") else "brown"),
                         "copies": n, "command": CMD.get(c, "play_weapon" if c in RANGE else "play_equip_blue")},
                        **({"range": RANGE[c]} if c in RANGE else {})) for c, n in CARDS.items()],
         "characters": [{"characterId": "char_%02d" % (i + 1), "maxHp": h} for i, h in enumerate(HP)],
         "commands": [{"command": c} for c in COMMANDS], "perks": ["range", "heart", "sight"]}
emit(B, "rules_summary", rules)
emit(B, "mcp_arena_get_rules_input", {})
emit(B, "mcp_arena_get_rules_output", rules)
for tool in ["arena_get_observation", "arena_list_legal_actions", "arena_get_decision_request"]:
    emit(B, "mcp_%s_input" % tool, {"roomId": "r-1", "seat": 2})
emit(B, "mcp_arena_get_observation_output", observation(2, 41))
emit(B, "mcp_arena_list_legal_actions_output", {"observationVersion": 41, "decisionId": "d-41-2", "legalActions": legal_items()})
first_dr = next(o["message"] for o in out if o["kind"] == "decision_request")
emit(B, "mcp_arena_get_decision_request_output", first_dr)
emit(B, "mcp_arena_submit_decision_input", {"roomId": "r-1", "seat": 2, "actionId": "end_play", "commandId": "c-1", "observationVersion": 41})
emit(B, "mcp_arena_submit_decision_output", {"ok": True, "observationVersion": 42})
emit(B, "mcp_arena_submit_decision_output", {"error": {"code": "illegal_action", "message": "not in legalActions", "reask": True}})

# ---------------------------------------------------------------- write
os.makedirs(os.path.join(TD, "corpus"), exist_ok=True)
for game in sorted({o["game"] for o in out}):
    with open(os.path.join(TD, "corpus", game + ".jsonl"), "w") as f:
        for o in out:
            if o["game"] == game:
                f.write(json.dumps(o, ensure_ascii=False, separators=(",", ":")) + "\n")
seen = set()
for o in out:
    key = (o["game"], o["kind"])
    if key in seen:
        continue
    seen.add(key)
    d = os.path.join(TD, "valid", o["game"])
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, o["kind"] + ".json"), "w") as f:
        json.dump(o["message"], f, indent=2, ensure_ascii=False)
        f.write("\n")
print(len(out), "messages,", len(seen), "kinds")
