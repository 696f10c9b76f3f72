package proxyside

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/tidwall/gjson"
	ref "github.com/umpire-arena/umpire/referee/inference"
	"github.com/umpire-arena/umpire/referee/inference/wire"
)

// BenchmarkVisible measures the judge's read of a your_turn's
// visible_state in round 30 of a 6-seat match (a history of 29 rounds):
// the one reader (wire.ReadView and LegalView) against the gjson reader
// the judge had before it (gjsonReadVisible, kept below for this alone,
// and its walk of the players for the hidden-value check).
//
//	go test -run '^$' -bench BenchmarkVisible ./harness/inference/proxyside/
func BenchmarkVisible(b *testing.B) {
	m, err := ref.NewMatch(ref.DefaultConfig(), "m", "view", []string{"a", "b", "c", "d", "e", "f"}, nil)
	if err != nil {
		b.Fatal(err)
	}
	for m.Round() < 30 {
		if err := m.Apply(m.ToAct(), ref.Move{Action: ref.ActionCall}); err != nil {
			b.Fatal(err)
		}
	}
	raw, err := json.Marshal(m.View(m.ToAct()))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("one-reader", func(b *testing.B) {
		b.SetBytes(int64(len(raw)))
		b.ReportAllocs()
		for b.Loop() {
			v, ok := wire.ReadView(raw)
			if _, err := v.LegalView(); !ok || err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("gjson", func(b *testing.B) {
		b.SetBytes(int64(len(raw)))
		b.ReportAllocs()
		for b.Loop() {
			r := view(raw)
			v := gjsonReadVisible(r)
			if !r.IsObject() || !v.legalOK {
				b.Fatal("not read")
			}
			// The players walk of the hidden-value check, as it was.
			v.players.ForEach(func(_, pl gjson.Result) bool {
				if gjsonIntOf(pl.Get("seat")) != nil {
					for _, k := range []string{"value", "your_value", "hidden_value"} {
						_ = pl.Get(k)
					}
				}
				return true
			})
		}
	})
}

// gjsonVisible is what the judge read of a visible_state before the one
// reader (wire.ReadView): kept here only to measure the one reader against.
type gjsonVisible struct {
	round     int
	yourSeat  *int
	yourValue *int
	toCall    *int
	players   gjson.Result
	// legal holds the fields ref.LegalFromView reads (turn, your_seat,
	// your_credits, to_call, raises_used and the raise limits), decoded as
	// encoding/json would into a ref.VisibleState; legalOK is false when
	// one of them has another shape (the derivation is then unknown). The
	// other fields are not read for it, whatever their shape.
	legal   ref.VisibleState
	legalOK bool
}

func gjsonReadVisible(vs gjson.Result) gjsonVisible {
	v := gjsonVisible{legalOK: true}
	vs.ForEach(func(k, val gjson.Result) bool {
		switch k.Str {
		case "round":
			v.round = int(val.Int())
		case "your_seat":
			v.yourSeat = gjsonIntOf(val)
			v.legalOK = gjsonInt(val, &v.legal.YourSeat) && v.legalOK
		case "your_value":
			v.yourValue = gjsonIntOf(val)
		case "to_call":
			v.toCall = gjsonIntOf(val)
			v.legalOK = gjsonInt(val, &v.legal.ToCall) && v.legalOK
		case "players":
			v.players = val
		case "your_credits":
			v.legalOK = gjsonInt(val, &v.legal.YourCredits) && v.legalOK
		case "raises_used":
			v.legalOK = gjsonInt(val, &v.legal.RaisesUsed) && v.legalOK
		case "turn":
			v.legalOK = gjsonTurnRef(val, &v.legal.Turn) && v.legalOK
		case "limits":
			v.legalOK = gjsonRaiseLimits(val, &v.legal.Limits) && v.legalOK
		}
		return true
	})
	return v
}

// jsonInt decodes r into *dst as encoding/json decodes a JSON value into
// an int: null leaves it, an integer literal that fits sets it, anything
// else is an error (false).
func gjsonInt(r gjson.Result, dst *int) bool {
	switch r.Type {
	case gjson.Null:
		return true
	case gjson.Number:
		n, err := strconv.ParseInt(r.Raw, 10, 0)
		if err != nil {
			return false
		}
		*dst = int(n)
		return true
	}
	return false
}

// readTurnRef decodes visible_state.turn as encoding/json would into a
// *ref.TurnRef (null clears it, an object fills it, reading turn and
// seat).
func gjsonTurnRef(r gjson.Result, dst **ref.TurnRef) bool {
	switch {
	case r.Type == gjson.Null:
		*dst = nil
		return true
	case !r.IsObject():
		return false
	}
	if *dst == nil {
		*dst = &ref.TurnRef{}
	}
	ok := true
	r.ForEach(func(k, val gjson.Result) bool {
		switch k.Str {
		case "turn":
			ok = gjsonInt(val, &(*dst).Turn) && ok
		case "seat":
			ok = gjsonInt(val, &(*dst).Seat) && ok
		}
		return true
	})
	return ok
}

// readRaiseLimits decodes the raise bounds of visible_state.limits as
// encoding/json would into a ref.Limits (its other fields are not read).
func gjsonRaiseLimits(r gjson.Result, dst *ref.Limits) bool {
	switch {
	case r.Type == gjson.Null:
		return true
	case !r.IsObject():
		return false
	}
	ok := true
	r.ForEach(func(k, val gjson.Result) bool {
		switch k.Str {
		case "min_raise":
			ok = gjsonInt(val, &dst.MinRaise) && ok
		case "max_raise":
			ok = gjsonInt(val, &dst.MaxRaise) && ok
		case "max_raises_per_round":
			ok = gjsonInt(val, &dst.MaxRaisesPerRound) && ok
		}
		return true
	})
	return ok
}

// intOf is the integer r holds, nil when it holds none.
func gjsonIntOf(r gjson.Result) *int {
	if r.Type != gjson.Number {
		return nil
	}
	n := int(r.Int())
	return &n
}
