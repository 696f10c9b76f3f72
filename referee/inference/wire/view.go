package wire

import (
	"encoding/json"
	"fmt"

	"github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/rules"
)

// ViewField names a field of a visible_state as View records it: a
// top-level field, or one of limits and turn ("limits.min_raise",
// "turn.seat").
type ViewField uint8

// The fields View records, in the order of the rules' example.
const (
	VGame ViewField = iota
	VRulesVersion
	VRoundsTotal
	VRound
	VDealer
	VTableSize
	VYourSeat
	VYourValue
	VYourCredits
	VToCall
	VCallBreakevenValue
	VCurrentBet
	VPot
	VRaisesUsed
	VLimits
	VTurn
	VPlayers
	VActions
	VMessages
	VHistory
	VLimitsAnte
	VLimitsAnteRamp
	VLimitsMinRaise
	VLimitsMaxRaise
	VLimitsMaxRaisesPerRound
	VLimitsValueMin
	VLimitsValueMax
	VLimitsTurnDeadlineMS
	VLimitsMaxConsecutiveTimeouts
	VLimitsSitOutRounds
	VLimitsMaxMessageChars
	VTurnTurn
	VTurnSeat
	viewFields
)

// String is the field's name in the visible_state ("limits.min_raise").
func (f ViewField) String() string {
	names := [viewFields]string{
		"game", "rules_version", "rounds_total", "round", "dealer", "table_size", "your_seat", "your_value",
		"your_credits", "to_call", "call_breakeven_value", "current_bet", "pot", "raises_used", "limits", "turn",
		"players", "actions", "messages", "history",
		"limits.ante", "limits.ante_ramp", "limits.min_raise", "limits.max_raise", "limits.max_raises_per_round",
		"limits.value_min", "limits.value_max", "limits.turn_deadline_ms", "limits.max_consecutive_timeouts",
		"limits.sit_out_rounds", "limits.max_message_chars", "turn.turn", "turn.seat",
	}
	if f < viewFields {
		return names[f]
	}
	return fmt.Sprintf("ViewField(%d)", f)
}

// View is a visible_state as ReadView reads it: the fields of the
// embedded VisibleState that were read, and which were (Read).
//
// The one tolerance policy of every reader of a visible_state (the suite's
// probes and legal check, the proxy's judge, umpire legal and the example
// agent): each field is read on its own and a field absent, null (but a
// turn of null: no seat is to act) or of another shape than WIRE.md's pin
// is left zero (nil) and not Read, without
// hiding the others; a check reads what it needs, accepts any shape of the
// rest, and is unknown (or an error for it alone) when a field it needs is
// not Read — the schema check judges shapes. An integer is any JSON number
// of integral value within ±2^53 (I-INF-S9). A players entry that is not an
// object is skipped; of an entry, each field is read on its own, and players
// is Read only when every entry is an object whose fields are of their
// shapes (a check of the players' figures needs them all). The logs
// (actions, messages, history) are kept as sent and decoded only by
// ReadLogs, which a check of the whole view calls: the proxy and the legal
// derivation do not pay for the history a your_turn carries.
type View struct {
	inference.VisibleState
	read, sent                 uint64
	actions, messages, history []byte
	// Peeks are the members named value, your_value or hidden_value, not
	// null, of the players entries, for the hidden-value check (a seat's
	// own entry may carry its value; another seat's must not, before the
	// showdown).
	Peeks []Peek
}

// Peek is a value member of a players entry (see View.Peeks).
type Peek struct {
	// Seat is the entry's seat (-1 when it has no integer seat).
	Seat int
	Key  string
	Raw  []byte
}

// Read reports whether f was present and of its pinned shape.
func (v *View) Read(f ViewField) bool { return v.read&(1<<f) != 0 }

// Sent reports whether f was present and not null, whatever its shape.
func (v *View) Sent(f ViewField) bool { return v.sent&(1<<f) != 0 }

// set records f (of a repeated key, the last counts).
func (v *View) set(f ViewField, val []byte, ok bool) {
	v.read &^= 1 << f
	v.sent &^= 1 << f
	if ok {
		v.read |= 1 << f
	}
	if val != nil && string(val) != "null" {
		v.sent |= 1 << f
	}
}

// ReadView reads a visible_state (see View); ok is false when b is not a
// JSON object. b must be JSON (a nested value of a message that was
// checked, see ReadEnvelope) and must not change while the view is used.
func ReadView(b []byte) (v View, ok bool) {
	ok = members(b, func(k, val []byte) bool {
		switch string(k) {
		case "game":
			var ok bool
			v.Game, ok = str(val)
			v.set(VGame, val, ok)
		case "rules_version":
			var ok bool
			v.RulesVersion, ok = str(val)
			v.set(VRulesVersion, val, ok)
		case "rounds_total":
			v.intField(val, VRoundsTotal, &v.RoundsTotal)
		case "round":
			v.intField(val, VRound, &v.Round)
		case "dealer":
			v.intField(val, VDealer, &v.Dealer)
		case "table_size":
			v.intField(val, VTableSize, &v.TableSize)
		case "your_seat":
			v.intField(val, VYourSeat, &v.YourSeat)
		case "your_value":
			v.YourValue = num(val)
			v.set(VYourValue, val, v.YourValue != nil)
		case "your_credits":
			v.intField(val, VYourCredits, &v.YourCredits)
		case "to_call":
			v.intField(val, VToCall, &v.ToCall)
		case "call_breakeven_value":
			v.CallBreakevenValue = num(val)
			v.set(VCallBreakevenValue, val, v.CallBreakevenValue != nil)
		case "current_bet":
			v.intField(val, VCurrentBet, &v.CurrentBet)
		case "pot":
			v.intField(val, VPot, &v.Pot)
		case "raises_used":
			v.intField(val, VRaisesUsed, &v.RaisesUsed)
		case "limits":
			v.readLimits(val)
		case "turn":
			v.readTurn(val)
		case "players":
			v.Players, v.Peeks = v.Players[:0], v.Peeks[:0]
			whole := true
			isArray := elements(val, func(e []byte) {
				p, ok, w := v.readPlayer(e)
				if ok {
					v.Players = append(v.Players, p)
				}
				whole = whole && w
			})
			v.set(VPlayers, val, isArray && whole)
		case "actions":
			v.actions = val
		case "messages":
			v.messages = val
		case "history":
			v.history = val
		}
		return true
	})
	return v, ok
}

func (v *View) intField(val []byte, f ViewField, dst *int) {
	n, ok := integer(val)
	*dst = n
	v.set(f, val, ok)
}

func (v *View) readLimits(val []byte) {
	var l inference.Limits
	for f := VLimitsAnte; f <= VLimitsMaxMessageChars; f++ {
		v.set(f, nil, false)
	}
	ints := [...]struct {
		name string
		f    ViewField
		dst  *int
	}{{"ante", VLimitsAnte, &l.Ante}, {"min_raise", VLimitsMinRaise, &l.MinRaise}, {"max_raise", VLimitsMaxRaise, &l.MaxRaise},
		{"max_raises_per_round", VLimitsMaxRaisesPerRound, &l.MaxRaisesPerRound}, {"value_min", VLimitsValueMin, &l.ValueMin},
		{"value_max", VLimitsValueMax, &l.ValueMax}, {"turn_deadline_ms", VLimitsTurnDeadlineMS, &l.TurnDeadlineMS},
		{"max_consecutive_timeouts", VLimitsMaxConsecutiveTimeouts, &l.MaxConsecutiveTimeouts},
		{"sit_out_rounds", VLimitsSitOutRounds, &l.SitOutRounds}, {"max_message_chars", VLimitsMaxMessageChars, &l.MaxMessageChars}}
	ok := members(val, func(k, m []byte) bool {
		if string(k) == "ante_ramp" {
			var r [3]bool
			isObj := members(m, func(k, x []byte) bool {
				switch string(k) {
				case "from_round":
					l.AnteRamp.FromRound, r[0] = integer(x)
				case "every_rounds":
					l.AnteRamp.EveryRounds, r[1] = integer(x)
				case "step":
					l.AnteRamp.Step, r[2] = integer(x)
				}
				return true
			})
			v.set(VLimitsAnteRamp, m, isObj && r == [3]bool{true, true, true})
			return true
		}
		for _, it := range ints {
			if string(k) == it.name {
				n, ok := integer(m)
				*it.dst = n
				v.set(it.f, m, ok)
			}
		}
		return true
	})
	v.Limits = l
	v.set(VLimits, val, ok)
}

func (v *View) readTurn(val []byte) {
	v.Turn = nil
	v.set(VTurnTurn, nil, false)
	v.set(VTurnSeat, nil, false)
	if string(val) == "null" {
		v.set(VTurn, val, true) // null is of its pinned shape: no seat is to act
		return
	}
	turn, seat, hasTurn, hasSeat := pair(val, "turn", "seat")
	isObj := members(val, func([]byte, []byte) bool { return false })
	v.set(VTurn, val, isObj)
	if !isObj {
		return
	}
	v.Turn = &inference.TurnRef{Turn: turn, Seat: seat}
	v.set(VTurnTurn, val, hasTurn)
	v.set(VTurnSeat, val, hasSeat)
}

// readPlayer reads a players entry, each field on its own, and keeps its
// value members (Peeks); ok is false when e is not an object, whole when
// every field it reads is of its pinned shape (or null).
func (v *View) readPlayer(e []byte) (p inference.PlayerView, ok, whole bool) {
	seat, peeks := -1, len(v.Peeks)
	whole = true
	check := func(m []byte, ok bool) {
		if !ok && string(m) != "null" {
			whole = false
		}
	}
	integerTo := func(m []byte, dst *int) {
		var ok bool
		*dst, ok = integer(m)
		check(m, ok)
	}
	boolTo := func(m []byte, dst *bool) {
		*dst = flag(m)
		check(m, *dst || string(m) == "false")
	}
	ok = members(e, func(k, m []byte) bool {
		switch string(k) {
		case "seat":
			integerTo(m, &p.Seat)
			seat = -1
			if n, has := integer(m); has {
				seat = n
			}
		case "name":
			var ok bool
			p.Name, ok = str(m)
			check(m, ok)
		case "credits":
			integerTo(m, &p.Credits)
		case "busted":
			boolTo(m, &p.Busted)
		case "sitting_out":
			boolTo(m, &p.SittingOut)
		case "back_in_round":
			integerTo(m, &p.BackInRound)
		case "in_round":
			boolTo(m, &p.InRound)
		case "folded":
			boolTo(m, &p.Folded)
		case "all_in":
			boolTo(m, &p.AllIn)
		case "contribution":
			integerTo(m, &p.Contribution)
		case "value", "your_value", "hidden_value":
			if string(m) != "null" {
				v.Peeks = append(v.Peeks, Peek{Key: string(k), Raw: m})
			}
		}
		return true
	})
	for i := peeks; i < len(v.Peeks); i++ {
		v.Peeks[i].Seat = seat
	}
	if !ok {
		v.Peeks = v.Peeks[:peeks]
	}
	return p, ok, ok && whole
}

// ReadLogs decodes the view's actions, messages and history as
// encoding/json decodes them into the VisibleState, a member of another
// type left zero (a log that is not an array stays nil); Read then reports
// which of them decoded without a type mismatch.
func (v *View) ReadLogs() {
	logs := [...]struct {
		raw []byte
		f   ViewField
		dst any
	}{{v.actions, VActions, &v.Actions}, {v.messages, VMessages, &v.Messages}, {v.history, VHistory, &v.History}}
	for _, l := range logs {
		if l.raw == nil {
			continue
		}
		v.set(l.f, l.raw, json.Unmarshal(l.raw, l.dst) == nil)
	}
}

// LegalView is what the legal derivation (inference.LegalFromView) and
// ViewConventions read of the view: the error names a field they need that
// is absent or of another shape (rule inference/wire.visible-state.fields):
// turn (null or an object with an integer seat), your_seat, your_credits,
// to_call, raises_used. Of limits, a raise bound that is present must be an
// integer; the bounds the rules fix (1..10, 3 per round) stand in for
// absent ones. The conventions' fields (current_bet, limits.ante, the
// seat's players entry) are not needed: left zero, the schema check
// reports their shape.
func (v *View) LegalView() (inference.VisibleState, error) {
	vs := v.VisibleState
	for _, f := range [...]ViewField{VYourSeat, VYourCredits, VToCall, VRaisesUsed, VTurn} {
		if !v.Read(f) {
			return vs, rules.Errorf("inference/wire.visible-state.fields", "visible_state.%s is absent or not %s", f, shapeOf(f))
		}
	}
	if vs.Turn != nil && !v.Read(VTurnSeat) {
		return vs, rules.Errorf("inference/wire.visible-state.fields", "visible_state.turn has no integer seat")
	}
	dflt := inference.Limits{MinRaise: 1, MaxRaise: 10, MaxRaisesPerRound: 3}
	if v.Read(VLimits) {
		for _, b := range [...]struct {
			f        ViewField
			dst, def *int
		}{{VLimitsMinRaise, &vs.Limits.MinRaise, &dflt.MinRaise}, {VLimitsMaxRaise, &vs.Limits.MaxRaise, &dflt.MaxRaise}, {VLimitsMaxRaisesPerRound, &vs.Limits.MaxRaisesPerRound, &dflt.MaxRaisesPerRound}} {
			if !v.Read(b.f) {
				if v.Sent(b.f) {
					return vs, rules.Errorf("inference/wire.visible-state.fields", "visible_state.%s is not an integer", b.f)
				}
				*b.dst = *b.def
			}
		}
	} else {
		if v.Sent(VLimits) {
			return vs, rules.Errorf("inference/wire.visible-state.fields", "visible_state.limits is not an object")
		}
		vs.Limits.MinRaise, vs.Limits.MaxRaise, vs.Limits.MaxRaisesPerRound = dflt.MinRaise, dflt.MaxRaise, dflt.MaxRaisesPerRound
	}
	return vs, nil
}

func shapeOf(f ViewField) string {
	if f == VTurn {
		return "null or {turn, seat}"
	}
	return "an integer"
}

// ReadLegalView reads a visible_state from a third party (umpire legal,
// the example agent, the suite's legal check) for LegalFromView and
// ViewConventions: ReadView, its logs, and LegalView. It is an error
// (inference/wire.visible-state.fields) when b is not a JSON object or a
// field LegalView needs is absent or of another shape.
func ReadLegalView(b []byte) (inference.VisibleState, error) {
	if !json.Valid(b) {
		return inference.VisibleState{}, rules.Errorf("inference/wire.visible-state.fields", "visible_state is not JSON")
	}
	v, ok := ReadView(b)
	if !ok {
		return inference.VisibleState{}, rules.Errorf("inference/wire.visible-state.fields", "visible_state is not a JSON object")
	}
	v.ReadLogs()
	return v.LegalView()
}
