package probe

// The optional test capability fixed-deal (docs/wire.md harness
// extension; issue 27 item 3): a server that announces it in its create
// answer deals what a creation fixes — the roles by seat, the first cards
// of the opening hands, the top of the draw pile. The suite then sets the
// rare situations its seats steer toward up at once, in the rooms it plays
// on for what the planned rooms did not reach, instead of waiting for the
// cards to come: the first player draws Dynamite and a Jail (the
// seats play both, the Jail on the seat the Dynamite reaches: both checks
// at one turn's start, §3), the next player the Saloon (kept until
// another seat is hurt, §5). Nothing is exempt: every outcome of such a
// room is judged from what the server shows, as in any other.

// baCapFixedDeal names the capability.
const baCapFixedDeal = "fixed-deal"

// baDeal is the "deal" of a create request (docs/wire.md): roles by seat,
// the first cards of each seat's opening hand, the first cards of the
// draw pile after the deal from its top.
type baDeal struct {
	Roles []string   `json:"roles,omitempty"`
	Hands [][]string `json:"hands,omitempty"`
	Deck  []string   `json:"deck,omitempty"`
}

// baRareDealName names the deal of a room set up for the rare cards:
// Dynamite and a Jail on top of the draw pile, the Saloon under them — the
// first player's first draw (the Marshal's, two cards; one from the deck
// for a character who draws the first card elsewhere) and the next
// player's.
const baRareDealName = "rare"

// baPlayOnDeal is the deal of a room played on for the situations still
// missing: the rare deal at a server that announced fixed-deal (offered),
// none elsewhere (the seats steer by their decisions alone).
func baPlayOnDeal(offered bool) string {
	if offered {
		return baRareDealName
	}
	return ""
}

// baDeals is the deal a room mode names (baMode.deal), nil for none.
func baDeals(name string) *baDeal {
	if name == baRareDealName {
		return &baDeal{Deck: []string{"bomb_01", "jail_01", "heal_all_01"}}
	}
	return nil
}
