#!/usr/bin/env python3
"""umpire's example agent for both games, in Python with the standard library only.

It speaks JSON Lines on stdin/stdout (`umpire certify --agent 'python3 agent.py'`):
one JSON object per line in, one JSON object per line out, flushed at once.

Inference: answers each your_turn with a move from legal_actions, chosen from
its hidden value and the break-even value; after an error for its move it
chooses again. BangArena: answers each DecisionRequest with legal actions with
a decision body and picks another item after a reask. Both end on match_end,
unless a match_start line came first (umpire certify --agent-keep): then each
match_start starts a match afresh and the program plays until its input ends.
"""

import argparse
import json
import random
import sys

# Command weights for BangArena: answer attacks, heal, shoot; end the turn or
# take a hit only when nothing better is drawn.
WEIGHTS = {
    "play_miss": 8, "play_raid_discard_shot": 8, "play_duel_discard_shot": 8,
    "play_heal_self": 5, "use_discard_heal": 5,
    "play_shot": 4, "play_equip_blue": 4, "play_weapon": 4,
    "end_play": 1, "pass_reaction": 1,
}


class Player:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.seq = 0
        self.turn = None        # open Inference your_turn
        self.tried_moves = set()
        self.request = None     # last BangArena DecisionRequest
        self.tried_ids = set()

    def handle(self, msg):
        """Returns (answer or None, match over)."""
        if not isinstance(msg, dict):
            return None, False
        kind = msg.get("type")
        if kind == "match_end":
            return None, True
        if kind == "your_turn":
            self.turn, self.tried_moves = msg, set()
            return self.move(), False
        if kind == "error" and not isinstance(msg.get("error"), dict):
            # Inference: after an illegal or malformed move the turn is still open.
            if (self.turn is not None and msg.get("turn") == self.turn.get("turn")
                    and msg.get("code") in ("illegal_move", "bad_message")):
                return self.move(), False
            return None, False
        if kind in ("welcome", "event"):
            return None, False
        if isinstance(msg.get("legalActions"), list):
            if not msg["legalActions"]:
                return None, False  # nothing to decide
            self.request, self.tried_ids = msg, set()
            return self.decide(), False
        err = msg.get("error")
        if isinstance(err, dict) and err.get("reask") and self.request is not None:
            return self.decide(), False
        return None, False

    # Inference -------------------------------------------------------------

    def move(self):
        t = self.turn
        offered = {}
        for a in t.get("legal_actions") or []:
            if isinstance(a, dict) and a.get("action") not in self.tried_moves:
                offered[a.get("action")] = a
        vs = t.get("visible_state") or {}
        value = vs.get("your_value")
        value = 50 if value is None else value
        breakeven = vs.get("call_breakeven_value")
        owed = breakeven is not None
        breakeven = breakeven if owed else 0
        if value >= max(breakeven, 50) + 25:
            prefs = ["raise", "call", "fold"]
        elif not owed or value >= breakeven:
            prefs = ["call", "fold", "raise"]
        elif self.rng.randrange(20) == 0:  # a bluff, now and then
            prefs = ["raise", "call", "fold"]
        else:
            prefs = ["fold", "call", "raise"]
        for name in prefs:
            a = offered.get(name)
            if a is None:
                continue
            m = {"type": "move", "match_id": t.get("match_id"), "turn": t.get("turn"), "action": name}
            if name == "raise":
                lo, hi = a.get("min", 1), a.get("max", 1)
                if hi < lo:
                    continue
                m["amount"] = min(max(lo + (value - 60) // 5, lo), hi)
            self.tried_moves.add(name)
            return m
        return None

    # BangArena -------------------------------------------------------------

    def decide(self):
        r = self.request
        items = [a for a in r["legalActions"]
                 if isinstance(a, dict) and a.get("actionId") not in self.tried_ids]
        if not items:
            return None
        weights = [WEIGHTS.get(a.get("command"), 2) for a in items]
        chosen = self.rng.choices(items, weights=weights)[0]
        self.tried_ids.add(chosen["actionId"])
        seat = r.get("seatId")
        if seat is None:
            seat = (r.get("observation") or {}).get("you", 0)
        version = r.get("observationVersion", 0)
        self.seq += 1
        return {
            "seat": seat,
            "actionId": chosen["actionId"],
            "commandId": "c-%s-%s-%d-%04x" % (seat, version, self.seq, self.rng.randrange(1 << 16)),
            "observationVersion": version,
        }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1, help="seed of the random choices")
    args = ap.parse_args()
    player = Player(args.seed)
    kept = False
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            msg = json.loads(line)
        except ValueError as e:
            print("agent: ignoring a line that is not JSON:", e, file=sys.stderr, flush=True)
            continue
        if isinstance(msg, dict) and msg.get("type") == "match_start":
            # Kept across matches: start afresh, as a new process would, so
            # a match plays the same whichever process plays it.
            kept, player = True, Player(args.seed)
            continue
        answer, done = player.handle(msg)
        if answer is not None:
            sys.stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
            sys.stdout.flush()
        if done and not kept:
            return


if __name__ == "__main__":
    main()
