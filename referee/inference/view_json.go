package inference

import (
	"bytes"
	"strconv"

	"github.com/umpire-arena/umpire/referee/internal/jsonw"
)

// AppendJSONString appends s to dst as a JSON string escaped exactly as
// encoding/json.Marshal escapes it (HTML-safe: <, > and & as \u003c, \u003e
// and \u0026; U+2028 and U+2029 escaped; invalid UTF-8 as \ufffd). Servers
// use it to write envelopes around the encodings of this package.
func AppendJSONString(dst []byte, s string) []byte { return jsonw.AppendString(dst, s) }

// AppendJSON appends v to dst exactly as encoding/json.Marshal writes it —
// same field order, nulls for nil pointers and slices, omitempty and
// omitzero fields left out the same way, same string escaping — without
// reflection and, once dst has room, without allocating.
func (v *VisibleState) AppendJSON(dst []byte) []byte {
	return v.appendJSON(dst, nil)
}

// HistoryCache keeps the encodings of a view's history records for the
// next views. History is the same for every seat and changes only when a
// round ends (one record more, the oldest perhaps dropped, and the one that
// became old enough trimmed of its actions and messages), so a server
// encoding a view per turn need not encode the records again each time: the
// cache keeps each record's encoding, keyed by its round, its pot and the
// lengths of its actions and messages. Use one HistoryCache per match
// (State), never across matches. The zero value is an empty cache.
type HistoryCache struct {
	// recs holds the encodings of the last history written, in its order;
	// spare is the one before, its storage reused for the next.
	recs, spare []historyRecord
}

// historyRecord is the encoding of one round's record and its key.
type historyRecord struct {
	round, pot, actions, messages int
	enc                           []byte
}

// keyOf returns r's key (-1 for a nil list).
func keyOf(r *RoundRecord) historyRecord {
	k := historyRecord{round: r.Round, pot: r.Pot, actions: len(r.Actions), messages: len(r.Messages)}
	if r.Actions == nil {
		k.actions = -1
	}
	if r.Messages == nil {
		k.messages = -1
	}
	return k
}

// AppendJSONCached is AppendJSON taking the encoding of v.History from c
// when c holds it, and storing it in c otherwise. The output is the same.
// A nil c is AppendJSON.
func (v *VisibleState) AppendJSONCached(dst []byte, c *HistoryCache) []byte {
	return v.appendJSON(dst, c)
}

func (v *VisibleState) appendJSON(dst []byte, c *HistoryCache) []byte {
	dst = appendStrField(append(dst, '{'), `"game":`, v.Game)
	dst = appendStrField(dst, `,"rules_version":`, v.RulesVersion)
	dst = appendIntField(dst, `,"rounds_total":`, v.RoundsTotal)
	dst = appendIntField(dst, `,"round":`, v.Round)
	dst = appendIntField(dst, `,"dealer":`, v.Dealer)
	dst = appendIntField(dst, `,"table_size":`, v.TableSize)
	dst = appendIntField(dst, `,"your_seat":`, v.YourSeat)
	dst = appendIntPtr(append(dst, `,"your_value":`...), v.YourValue)
	dst = appendIntField(dst, `,"your_credits":`, v.YourCredits)
	dst = appendIntField(dst, `,"to_call":`, v.ToCall)
	dst = appendIntPtr(append(dst, `,"call_breakeven_value":`...), v.CallBreakevenValue)
	dst = appendIntField(dst, `,"current_bet":`, v.CurrentBet)
	dst = appendIntField(dst, `,"pot":`, v.Pot)
	dst = appendIntField(dst, `,"raises_used":`, v.RaisesUsed)
	dst = appendLimits(append(dst, `,"limits":`...), &v.Limits)
	dst = append(dst, `,"turn":`...)
	if v.Turn == nil {
		dst = append(dst, "null"...)
	} else {
		dst = appendIntField(dst, `{"turn":`, v.Turn.Turn)
		dst = append(appendIntField(dst, `,"seat":`, v.Turn.Seat), '}')
	}
	dst = append(dst, `,"players":`...)
	if v.Players == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i := range v.Players {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendPlayerView(dst, &v.Players[i])
		}
		dst = append(dst, ']')
	}
	dst = appendActionRecords(append(dst, `,"actions":`...), v.Actions)
	dst = appendMessageRecords(append(dst, `,"messages":`...), v.Messages)
	dst = append(dst, `,"history":`...)
	if c == nil || v.History == nil {
		return append(appendHistory(dst, v.History), '}')
	}
	return append(c.appendHistory(dst, v.History), '}')
}

func appendHistory(dst []byte, h []RoundRecord) []byte {
	if h == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i := range h {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendRoundRecord(dst, &h[i])
	}
	return append(dst, ']')
}

// appendHistory is appendHistory for a non-nil h, each record's encoding
// copied from c.recs when c holds one of the same key (records come in the
// order of their rounds; one out of that order is encoded again), and
// c.recs set to h's.
func (c *HistoryCache) appendHistory(dst []byte, h []RoundRecord) []byte {
	next := c.spare[:0]
	dst = append(dst, '[')
	j := 0
	for i := range h {
		if i > 0 {
			dst = append(dst, ',')
		}
		r := &h[i]
		k := keyOf(r)
		for j < len(c.recs) && c.recs[j].round < r.Round {
			j++
		}
		if j < len(c.recs) && c.recs[j].round == k.round && c.recs[j].pot == k.pot &&
			c.recs[j].actions == k.actions && c.recs[j].messages == k.messages {
			k.enc = c.recs[j].enc
			dst = append(dst, k.enc...)
		} else {
			start := len(dst)
			dst = appendRoundRecord(dst, r)
			k.enc = bytes.Clone(dst[start:])
		}
		next = append(next, k)
	}
	clear(c.recs) // the encodings left out are not kept alive
	c.spare, c.recs = c.recs, next
	return append(dst, ']')
}

// AppendLegalJSON appends legal to dst exactly as encoding/json.Marshal
// writes the slice (null when nil), each item in LegalAction's wire form.
func AppendLegalJSON(dst []byte, legal []LegalAction) []byte {
	if legal == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i := range legal {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = legal[i].appendJSON(dst)
	}
	return append(dst, ']')
}

// appendJSON is MarshalJSON appending to dst.
func (l *LegalAction) appendJSON(dst []byte) []byte {
	switch l.Action {
	case ActionFold:
		dst = append(dst, `{"action":"fold"`...)
	case ActionCall:
		dst = appendIntField(append(dst, `{"action":"call"`...), `,"amount":`, l.Amount)
	case ActionRaise:
		dst = appendIntField(append(dst, `{"action":"raise"`...), `,"min":`, l.Min)
		dst = appendIntField(dst, `,"max":`, l.Max)
	default:
		dst = appendStrField(dst, `{"action":`, l.Action)
	}
	return append(dst, '}')
}

func appendIntPtr(dst []byte, p *int) []byte {
	if p == nil {
		return append(dst, "null"...)
	}
	return appendInt(dst, *p)
}

func appendBoolField(dst []byte, key string, v bool) []byte {
	return strconv.AppendBool(append(dst, key...), v)
}

func appendPlayerView(dst []byte, p *PlayerView) []byte {
	dst = appendIntField(dst, `{"seat":`, p.Seat)
	dst = appendStrField(dst, `,"name":`, p.Name)
	dst = appendIntField(dst, `,"credits":`, p.Credits)
	dst = appendBoolField(dst, `,"busted":`, p.Busted)
	dst = appendBoolField(dst, `,"sitting_out":`, p.SittingOut)
	if p.BackInRound != 0 {
		dst = appendIntField(dst, `,"back_in_round":`, p.BackInRound)
	}
	dst = appendBoolField(dst, `,"in_round":`, p.InRound)
	dst = appendBoolField(dst, `,"folded":`, p.Folded)
	dst = appendBoolField(dst, `,"all_in":`, p.AllIn)
	dst = appendIntField(dst, `,"contribution":`, p.Contribution)
	return append(dst, '}')
}

func appendActionRecords(dst []byte, as []ActionRecord) []byte {
	if as == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i := range as {
		a := &as[i]
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendIntField(dst, `{"turn":`, a.Turn)
		dst = appendIntField(dst, `,"seat":`, a.Seat)
		switch a.Action {
		case ActionFold, ActionCall, ActionRaise: // known names need no escaping
			dst = append(append(append(dst, `,"action":"`...), a.Action...), '"')
		default:
			dst = appendStrField(dst, `,"action":`, a.Action)
		}
		if a.Action != ActionFold { // as ActionRecord.MarshalJSON
			dst = appendIntField(dst, `,"amount":`, a.Amount)
		}
		if a.Timeout {
			dst = append(dst, `,"timeout":true`...)
		}
		if a.AllIn {
			dst = append(dst, `,"all_in":true`...)
		}
		dst = append(dst, '}')
	}
	return append(dst, ']')
}

func appendMessageRecords(dst []byte, ms []MessageRecord) []byte {
	if ms == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i := range ms {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendIntField(dst, `{"turn":`, ms[i].Turn)
		dst = appendIntField(dst, `,"seat":`, ms[i].Seat)
		dst = append(appendStrField(dst, `,"text":`, ms[i].Text), '}')
	}
	return append(dst, ']')
}

// appendIntsOrNull is appendInts writing null for a nil slice, as
// encoding/json does.
func appendIntsOrNull(dst []byte, xs []int) []byte {
	if xs == nil {
		return append(dst, "null"...)
	}
	return appendInts(dst, xs)
}

func appendRoundRecord(dst []byte, h *RoundRecord) []byte {
	dst = appendIntField(dst, `{"round":`, h.Round)
	dst = appendIntField(dst, `,"dealer":`, h.Dealer)
	dst = appendIntField(dst, `,"pot":`, h.Pot)
	dst = appendBoolField(dst, `,"uncontested":`, h.Uncontested)
	dst = appendIntsOrNull(append(dst, `,"winners":`...), h.Winners)
	dst = append(dst, `,"reveals":`...)
	if h.Reveals == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i, r := range h.Reveals {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendIntField(dst, `{"seat":`, r.Seat)
			dst = append(appendIntField(dst, `,"value":`, r.Value), '}')
		}
		dst = append(dst, ']')
	}
	dst = append(dst, `,"payouts":`...)
	if h.Payouts == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i, p := range h.Payouts {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendIntField(dst, `{"seat":`, p.Seat)
			dst = append(appendIntField(dst, `,"amount":`, p.Amount), '}')
		}
		dst = append(dst, ']')
	}
	// omitzero: a nil list is left out, an empty one written.
	if h.Actions != nil {
		dst = appendActionRecords(append(dst, `,"actions":`...), h.Actions)
	}
	if h.Messages != nil {
		dst = appendMessageRecords(append(dst, `,"messages":`...), h.Messages)
	}
	return append(dst, '}')
}
