package rulebook

import "github.com/umpire-arena/umpire/referee/rules/def"

// BangArena rule ids are "bangarena/<section>.<slug>", where section is the
// number of a section of krug_rules@0.1.0 (1 … 16), e.g. "bangarena/4.distance".

// Rules returns the rules of krug_rules@0.1.0 (AgentRules and ServerRules
// are the rest of the game's part of the catalogue).
func Rules() []def.Rule {
	const doc = "krug_rules@0.1.0"
	r := func(id string, l def.Level, sec, text string) def.Rule {
		return def.Rule{ID: id, Level: l, Doc: doc, Section: sec, Text: text}
	}
	// reading is a MUST rule whose content is umpire's reading of a gap or
	// a contradiction of the document (ref: its INTERPRETATIONS.md entry).
	reading := func(id, ref, sec, text string) def.Rule {
		return def.Rule{ID: id, Level: def.Must, Doc: doc, Section: sec, Text: text, Basis: def.BasisReading, Ref: ref}
	}
	// pin is a MUST rule whose content is umpire's wire pin where the
	// document names a thing without its form (ref: its WIRE.md section).
	pin := func(id, ref, sec, text string) def.Rule {
		return def.Rule{ID: id, Level: def.Must, Doc: doc, Section: sec, Text: text, Basis: def.BasisContract, Ref: ref}
	}
	return []def.Rule{
		// §1 invariants
		r("bangarena/1.legal-only", def.Must, "§1", "A seat acts only by echoing the actionId of one item of its current legalActions; anything else is rejected."),
		r("bangarena/1.what-you-see", def.Must, "§1", "A seat sees its own hand and role, the public table and events, and its own private events — nothing of other hands or hidden roles."),
		r("bangarena/1.no-free-text", def.Must, "§1", "There is no free-text channel: text a seat sends with its decision never reaches another seat."),

		// §2 roles
		r("bangarena/2.role-distribution", def.Must, "§2", "Roles are dealt per seat count (4–8): one Marshal, and the aides, raiders and loners of the classic table."),
		r("bangarena/2.impostor-distribution", def.Must, "§2", "Impostor mode at 5+ seats replaces one raider by the Double Agent; below 5 seats the table is classic."),
		r("bangarena/2.marshal-public", def.Must, "§2", "The Marshal's role is public from the deal; every other role is hidden."),
		r("bangarena/2.marshal-first-turn", def.Must, "§2", "The Marshal takes the first turn."),
		r("bangarena/2.marshal-bonus", def.Must, "§2", "Outside legacy the Marshal's extra max hp depends on the seat count (4:+2, 5:+0, 6:+2, 7:+1, 8:+1) and so does the start-hand bonus (6:+2, 7:+1, 8:−1)."),
		reading("bangarena/2.marshal-bonus-alone", "I-BA-1", "§2", "Outside legacy the role table's extraMaxHp 1 is not added on top of the Marshal's seat-count bonus (I-BA-1)."),
		r("bangarena/2.hidden-no-bonus", def.Must, "§6", "Hidden roles get no hp or start-card bonus: their hp and hand equal the character's hp."),
		r("bangarena/2.impostor-briefing", def.Must, "§2", "In impostor mode the Marshal privately learns the impostor and one real aide as aides, and raiders and impostor privately learn each other."),
		// What the deal draws at random, judged over many rooms (I-BA-F1, I-BA-F2).
		r("bangarena/2.briefing-random-aide", def.Must, "§2", "The real aide named in the Marshal's impostor briefing is drawn at random among the aides (I-BA-F1)."),
		reading("bangarena/2.roles-at-random", "I-BA-F2", "§1", "Hidden roles are dealt so that neither a seat's number nor its place from the Marshal tells its role (I-BA-F2)."),
		reading("bangarena/2.impostor-8-seats", "I-BA-4", "§2", "The impostor table at 8 seats adds one max hp (given to the Marshal, I-BA-4)."),
		r("bangarena/2.legacy", def.Must, "§2", "Legacy mode: card-based Cover (hearts) that stacks with innate Cover, a failed Jail skips the whole turn, no Flask at two alive, no High Noon, no glory, Marshal +1 hp, Stone Leopard 4 hp, 3 cards for killing a raider."),
		r("bangarena/2.partners", def.Must, "§2", "Partners mode deals as classic; when only loners live, every loner wins."),

		// §3 turn
		r("bangarena/3.turn-order", def.Must, "§3", "After the Marshal's turn, play passes to the next living seat in seat order, wrapping around."),
		r("bangarena/3.dynamite-before-jail", def.Must, "§3", "At turn start the Dynamite check comes before the Jail check."),
		r("bangarena/3.draw-two", def.Must, "§3", "A turn's draw step takes 2 cards unless a character or the sight perk owns the draw."),
		r("bangarena/3.phases", def.Must, "§3", "Commands belong to their phase: play commands in the play phase, answers in a reaction, choices while a choice is pending, discard in the discard phase."),
		r("bangarena/3.shot-limit", def.Must, "§3", "At most one Shot per turn unless the seat has a Volcanic, is Mad Dog, or it is High Noon."),
		r("bangarena/3.discard-to-hp", def.Must, "§3", "At the end of the turn a seat holding more cards than hp discards exactly the excess."),
		r("bangarena/3.reshuffle", def.Must, "§3", "An empty deck is refilled by shuffling the discard pile."),
		r("bangarena/3.empty-piles", def.Must, "§3", "With deck and discard both empty, draws yield nothing, Dynamite passes, Jail frees and card-based Cover fails."),
		r("bangarena/3.resolving-card", def.Must, "§3", "Wagon, Caravan and Bazaar can never draw the card that is resolving."),

		// §4 distance
		r("bangarena/4.distance", def.Must, "§4", "Distance is the ring distance over living seats, +1 if the target has a Horse, −1 if the viewer has a Scope, never below 1."),
		r("bangarena/4.range", def.Must, "§4", "A Shot reaches seats at distance up to the weapon range (Revolver 1) plus glory range perks."),
		r("bangarena/4.steal-distance", def.Must, "§4", "Snatch reaches distance 1 only, whatever the weapon."),
		r("bangarena/4.targets", def.Must, "§4", "A targeted card names a living seat: Duel and Toss any, whatever the distance; Jail another seat."),
		reading("bangarena/4.self-target", "I-BA-33", "§4", "A Shot, Snatch, Toss or Duel never targets its own player (I-BA-33, READINGS 4)."),
		r("bangarena/4.built-ins", def.Must, "§4", "Pass Shadow always has a Horse; Eagle Eye and Mad Dog always have a Scope."),

		// §5 cards
		r("bangarena/5.deck", def.Must, "§5", "The pack has 80 cards with the copies of the card table, every card always in exactly one place."),
		pin("bangarena/5.uid-form", "WIRE.md Card objects", "§5", "A card's uid is <cardId>_<two-digit copy number>, as in the document's shot_07."),
		r("bangarena/5.shot", def.Must, "§5", "A Shot deals 1 damage to a seat in range unless a Cover check or a Ricochet stops it."),
		r("bangarena/5.flask", def.Must, "§5", "A Flask heals 1 in the play phase below max hp; off-turn only at 1 hp against a Shot or Buckshot with 3+ alive."),
		r("bangarena/5.snatch", def.Must, "§5", "Snatch takes a card from a seat at distance 1: a chosen card in play or a random card of the hand."),
		r("bangarena/5.toss", def.Must, "§5", "Toss discards a card of any player: a chosen card in play or a random card of the hand."),
		r("bangarena/5.duel", def.Must, "§5", "A Duel alternates Shot discards starting with the target; the first who cannot or will not loses 1 hp."),
		r("bangarena/5.raid", def.Must, "§5", "Raid: every other living seat discards a Shot or loses 1 hp."),
		r("bangarena/5.wagon-caravan", def.Must, "§5", "Wagon draws 2 cards, Caravan 3."),
		r("bangarena/5.bazaar", def.Must, "§5", "Bazaar: every living seat draws 1 card, starting with the player and going round."),
		reading("bangarena/5.bazaar-clockwise", "I-BA-15", "§5", "Bazaar's clockwise round is increasing seat order, the turn order's direction (I-BA-15)."),
		r("bangarena/5.saloon", def.Must, "§5", "Saloon heals every living seat by 1, never above max hp."),
		r("bangarena/5.buckshot", def.Must, "§5", "Buckshot hits every other living seat for 1; each may answer like a Shot; it does not use the Shot limit."),
		r("bangarena/5.jail", def.Must, "§5", "Jail goes on another living seat that is neither the Marshal nor already jailed."),
		r("bangarena/5.cover", def.Must, "§5", "Cover gives a 50/50 check against each Shot or Buckshot hit; a failed check still allows a Ricochet."),
		r("bangarena/5.horse-scope", def.Must, "§5", "Horse: others see the seat 1 farther; Scope: the seat sees others 1 nearer (minimum 1)."),
		r("bangarena/5.dynamite", def.Must, "§5", "Dynamite is put before its player and checked at each turn start before the Jail."),
		r("bangarena/5.weapon", def.Must, "§5", "A weapon replaces the current one (discarded); its range is printed; without one the virtual Revolver has range 1 and cannot be taken."),
		r("bangarena/5.blue-unique", def.Must, "§5", "A seat has at most one blue card of each kind in play."),
		reading("bangarena/5.blue-offer", "I-BA-34", "§5", "A blue card of a kind the seat already has in play is neither offered nor accepted (it does not replace the first); a weapon always is (I-BA-34)."),

		// §6 characters
		r("bangarena/6.max-hp", def.Must, "§6", "A seat's max hp is its character's hp plus the role bonus; start hand equals max hp plus the Marshal's card bonus."),
		r("bangarena/6.character-deal", def.Must, "§6", "Each seat is dealt one of the 16 characters; the staged Preacher and Tracker only when enabled."),
		r("bangarena/6.char-01-stone-leopard", def.Must, "§6", "Stone Leopard draws 1 card per hit taken (Dynamite too), 2 if the hit leaves 2 hp or less."),
		r("bangarena/6.char-02-red-suit", def.Must, "§6", "Red Suit reveals the second card of the draw and draws one more if it is red."),
		r("bangarena/6.char-03-two-faced", def.Must, "§6", "Two-Faced may play a Shot as a Ricochet and a Ricochet as a Shot (args.playedAs)."),
		r("bangarena/6.char-04-tollman", def.Must, "§6", "Tollman, hit by a player, takes a random card from that player's hand."),
		r("bangarena/6.char-05-grip", def.Must, "§6", "Grip may take the first draw at random from another seat's hand."),
		r("bangarena/6.char-06-iron-brow", def.Must, "§6", "Iron Brow always has Cover; a Cover card adds no second check (legacy: it does)."),
		r("bangarena/6.char-07-three-eyes", def.Must, "§6", "Three Eyes looks at the top 3 cards in the draw, keeps 2 and puts 1 back on top."),
		r("bangarena/6.char-08-lucky", def.Must, "§6", "Lucky gets two tries on every check and keeps the better."),
		r("bangarena/6.char-09-pass-shadow", def.Must, "§6", "Pass Shadow has a built-in Horse."),
		r("bangarena/6.char-10-vulture-jr", def.Must, "§6", "Vulture Jr. may take the first draw from the discard top and draws 2 cards whenever a seat is eliminated."),
		r("bangarena/6.char-11-eagle-eye", def.Must, "§6", "Eagle Eye has a built-in Scope."),
		r("bangarena/6.char-12-bonesetter", def.Must, "§6", "Bonesetter may discard 2 cards to heal 1, in play, discard or reaction, never above max and not at High Noon."),
		reading("bangarena/6.char-12-own-decisions", "I-BA-18", "§13", "Bonesetter's heal is an item of its own decisions: a discard_heal sent while another seat decides is refused (I-BA-18)."),
		r("bangarena/6.char-13-double-barrel", def.Must, "§6", "A Shot by Double Barrel at distance 1 needs 2 Ricochets (a lucky Cover counts as one)."),
		r("bangarena/6.char-14-empty-hands", def.Must, "§6", "Empty Hands draws 1 card as soon as the hand is empty."),
		r("bangarena/6.char-15-scavenger", def.Must, "§6", "Scavenger takes the hand and in-play cards of every eliminated seat."),
		reading("bangarena/11.events-scavenger", "I-BA-28", "§11", "The hand cards Scavenger takes from an eliminated seat are shown to Scavenger and that seat only (I-BA-28); its cards in play were public."),
		r("bangarena/6.char-16-mad-dog", def.Must, "§6", "Mad Dog has no Shot limit and a built-in Scope."),
		r("bangarena/6.staged", def.Info, "§13", "The staged Preacher (choose_prayer) and Tracker (use_peek_role) are modelled behind a switch."),

		// §7 reactions
		r("bangarena/7.reactions", def.Must, "§7", "Only the targeted seat (or the head of the reaction queue) answers, with a Ricochet, a Flask, a Shot discard or a pass as the attack allows."),
		reading("bangarena/7.queue-order", "I-BA-67", "§7", "Buckshot and Raid are answered seat by seat in seat order from the attacker's left (I-BA-67)."),
		r("bangarena/7.pending-shape", def.Must, "§7", "The observation shows the attack as pendingReaction (kind, source, target) and the seats still to answer as reactionQueue."),

		// §8 checks
		r("bangarena/8.jail-check", def.Must, "§8", "A Jail check flips the top card: hearts escape; otherwise the seat draws but skips play; the Jail is discarded either way."),
		r("bangarena/8.dynamite-check", def.Must, "§8", "A Dynamite check flips the top card: spades 2–9 explode for 3 damage, otherwise the Dynamite passes to the next living seat."),
		r("bangarena/8.cover-coin", def.Must, "§8", "A Cover check is a fair coin from the match RNG (event cover_check, coin true, flips), never a card; innate plus card Cover is one check."),
		r("bangarena/8.cover-fair", def.Must, "§8", "Cover coins are fair: heads as often as tails, each flip independent of the one before (judged over many rooms, I-BA-F1)."),
		r("bangarena/8.high-noon", def.Must, "§8", "From round 8 (rounds count Marshal turns) High Noon lifts the Shot limit, skips Cover checks and forbids all healing."),
		r("bangarena/8.suits", def.Must, "§8", "The pack holds 21 hearts, 20 diamonds, 20 clubs and 19 spades."),
		reading("bangarena/8.card-suits", "I-BA-2", "§8", "Each card of the pack has the suit and rank of umpire's assignment, 12 spades of rank 2–9 among them (I-BA-2)."),

		// §9 elimination
		r("bangarena/9.elimination", def.Must, "§9", "At 0 hp a seat is out: its role is revealed and its hand and cards in play are discarded."),
		r("bangarena/9.killer", def.Must, "§9", "The killer is the source of the last damage (the other duellist in a Duel); Dynamite has none."),
		r("bangarena/9.glory-star", def.Must, "§9", "Outside legacy the killer earns a public star and chooses a perk: range, heart or sight."),
		r("bangarena/9.glory-perks", def.Must, "§9", "range adds 1 weapon range, heart adds 1 max hp and heals 1, sight lets every draw look at 3 and keep 2 (once, not for draw-owning characters)."),
		r("bangarena/9.bounty", def.Must, "§9", "Killing a seat with stars takes one of its stars (with a perk) and draws one card per star it held."),
		r("bangarena/9.last-bullet", def.Must, "§9", "The Marshal earns a star when his last aide is out."),
		r("bangarena/9.kill-reward", def.Must, "§9", "In legacy the killer of a raider draws 3 cards (kill_reward)."),
		reading("bangarena/9.no-kill-reward", "I-BA-3", "§9", "Outside legacy a kill draws no cards: the glory star replaces the reward (I-BA-3)."),
		r("bangarena/9.kill-penalty", def.Must, "§9", "A Marshal who kills an aide discards hand, cards in play and weapon."),

		// §10 win
		r("bangarena/10.sole-survivor", def.Must, "§10", "One seat alive and it is a loner: that loner wins."),
		r("bangarena/10.partners-lones", def.Must, "§10", "Partners mode: only loners alive — all loners win, dead ones too."),
		r("bangarena/10.marshal-dead", def.Must, "§10", "The Marshal dead: all raiders win, dead ones too, with the impostor in impostor mode."),
		r("bangarena/10.law-wins", def.Must, "§10", "No raider, loner or impostor alive: the Marshal and all aides win, dead aides too."),
		r("bangarena/10.win-order", def.Must, "§10", "The win conditions are evaluated in order after every elimination; the first that holds ends the match."),

		// §11 observation
		r("bangarena/11.redaction", def.Must, "§11", "Other seats' hands are backs and hidden roles null (roleHidden) until elimination or a normal end; they stay hidden after abandoned or force_end."),
		r("bangarena/11.events", def.Must, "§11", "The observation's events hold the public events and the seat's own private ones, and no others."),
		pin("bangarena/11.event-shape", "WIRE.md Observation events", "§11", "Each event of an observation is an object {seq, type, …}."),
		r("bangarena/11.look-top", def.Must, "§11", "The cards of a look-top choice are shown to the chooser only."),
		r("bangarena/11.deck-hidden", def.Must, "§11", "The piles are shown by their sizes, never their order or contents: no request names a card of the deck (a card no seat had been shown yet)."),
		r("bangarena/11.fields", def.Must, "§11", "The observation carries version, phase, turnSeat, you, players (hp, maxHp, alive, characterId, handCount, inPlayCards, weaponCardId, glory), pile sizes and the winners at the end."),
		pin("bangarena/11.role-mode", "WIRE.md Observation fields", "§11", "The observation carries the table's roleMode, since legality depends on it."),

		// §12 protocol
		r("bangarena/12.request", def.Must, "§12", "A DecisionRequest carries matchId, seatId, decisionId, observationVersion, deadlineAt, rulesetVersion, mechanicsPackHash, protocolVersion, observation and legalActions."),
		r("bangarena/12.decider", def.Must, "§12", "Only a seat asked to decide may decide: a decision from a seat with nothing pending, or after the end, is refused and not applied."),
		reading("bangarena/12.one-decider", "I-BA-27", "§12", "One seat decides at a time: the owner of the first pending choice, else the reaction head, else the turn seat (I-BA-27)."),
		r("bangarena/12.args", def.Must, "§12", "args are optional and merged over the item's argsSchema: a JSON object, and no args means the item as offered."),
		reading("bangarena/12.args-contradict", "I-BA-25", "§12", "args that contradict a field of the item's argsSchema are refused and nothing is applied (I-BA-25)."),
		r("bangarena/12.deadline-at", def.Must, "§1", "A DecisionRequest that offers a decision names its deadline in deadlineAt, never null: every decision has a deadline."),
		r("bangarena/11.version", def.Must, "§11", "The observation's version is the state's version: the same number as the request's observationVersion."),
		reading("bangarena/12.pack-hash", "I-BA-F3", "§0", "A DecisionRequest's mechanicsPackHash, when it names a pack, names the one the rules are generated from, PACK_DEFAULT_V0; a digest is a server's choice (I-BA-F3)."),
		r("bangarena/12.legal-mask-present", def.Must, "§12", "The DecisionRequest observe answers carries the legal_mask alias beside legalActions."),
		reading("bangarena/12.legal-mask", "I-BA-60", "§12", "The legal_mask an observe answer carries beside legalActions is its alias: the very same items (I-BA-60)."),

		// §13 commands
		r("bangarena/13.action-ids", def.Must, "§13", "Every legal item has the actionId format of the command catalogue."),
		r("bangarena/13.discard-args", def.Must, "§13", "A discard may name its own cards: exactly (hand − hp) distinct uids of the hand."),
		r("bangarena/13.choices", def.Must, "§13", "A pending choice (pendingChoice) is answered by one of its own options: a first-draw source, one of the top 3 put back, a glory perk, pray or not."),
		pin("bangarena/13.choice-alone", "WIRE.md Observation fields", "§13", "While a choice is pending its items are the whole decision."),
		pin("bangarena/13.args-schema", "WIRE.md Legal items", "§13", "An item's argsSchema follows the args column of §13 with the values its actionId names."),
		r("bangarena/13.glory-default", def.Must, "§13", "A glory choice left unanswered defaults to heart."),
		r("bangarena/13.prayer", def.Info, "§13", "Preacher (staged) may pray once per game after another seat's elimination: 20% the seat returns with 1 hp."),
		r("bangarena/13.peek-role", def.Info, "§13", "Tracker (staged) learns the hidden role of a living seat privately: 1 use at 4–5 seats, 2 at 6–7, 3 at 8."),

		// §14 timing
		r("bangarena/14.default-action", def.Must, "§14", "On a timeout the server answers for the seat: pass, end_play, the default discard or the choice's default."),
		r("bangarena/14.not-before-deadline", def.Must, "§14", "The server answers for a silent seat only once its deadline has passed, never before it."),
		r("bangarena/14.random-legal", def.Must, "§14", "A second illegal answer is replaced by a random item of legalActions."),
		reading("bangarena/14.default-deadline", "I-BA-D2", "§14", "A room created without a deadline gives each decision the documents' default: 15 s (an AI seat's own timeout) or 30 s (I-BA-D2)."),

		// Full event logs (WIRE.md; umpire verify --game bangarena)
		{ID: "bangarena/log.json", Level: def.Must, Doc: "WIRE.md", Section: "BangArena", Text: "Every line of a log is one event object with a positive seq and a type."},
		{ID: "bangarena/log.seq", Level: def.Must, Doc: "WIRE.md", Section: "BangArena", Text: "Event seq numbers count from 1 up by one, in log order."},
		{ID: "bangarena/log.match-start", Level: def.Must, Doc: "WIRE.md", Section: "BangArena", Text: "A full log opens with match_start carrying the table's config and the seed commitment."},
		{ID: "bangarena/log.seed", Level: def.Info, Doc: "WIRE.md", Section: "BangArena", Text: "A log is re-simulated only with a seed whose SHA-256 is match_start's seedCommit."},
		{ID: "bangarena/log.chance", Level: def.Must, Doc: "WIRE.md", Section: "BangArena", Basis: def.BasisContract, Ref: "WIRE.md Harness extension (chance)", Text: "A server that declares chance umpire-chacha8 draws every random outcome from umpire's generator keyed with its seed."},
		{ID: "bangarena/log.complete", Level: def.Must, Doc: "WIRE.md", Section: "BangArena", Text: "A finished match's log holds every event through game_over, and nothing after it."},
		{ID: "bangarena/log.line-length", Level: def.Must, Doc: "WIRE.md", Section: "BangArena", Text: "A log line is at most 1 MiB long."},
	}
}
