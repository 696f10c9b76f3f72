package bangarena

import (
	"strconv"

	"github.com/umpire-arena/umpire/referee/internal/jsonw"
)

// appendItems appends the JSON encoding of the legalActions that items
// describe: the bytes appendLegal writes for Legal(seat) when items is
// Items(seat), the argsSchema written from the typed fields in the order
// encoding/json sorts a map's keys (cardUid, cardUids, choiceId, perk,
// pick, playedAs, pray, putBackUid, source, targetSeat), under the
// conditions of act.schema.
func appendItems(b []byte, items []Item) []byte {
	b = append(b, '[')
	for i := range items {
		if i > 0 {
			b = append(b, ',')
		}
		it := &items[i]
		a := &it.a
		b = append(b, `{"actionId":`...)
		b = jsonw.AppendString(b, it.ActionID())
		b = append(b, `,"command":`...)
		b = jsonw.AppendString(b, cmdNames[a.cmd])
		if a.cmd == cEndPlay || a.cmd == cPass {
			b = append(b, '}')
			continue
		}
		b = append(b, `,"argsSchema":{`...)
		n := len(b) // a comma goes before every key but the first
		key := func(b []byte, k string) []byte {
			if len(b) > n {
				b = append(b, ',')
			}
			return append(append(append(b, '"'), k...), `":`...)
		}
		if a.card >= 0 && a.cmd != cLookTop && a.cmd != cDiscardHeal {
			b = jsonw.AppendString(key(b, "cardUid"), uidTable[a.card])
		}
		switch a.cmd {
		case cDiscard:
			b = appendStrings(key(b, "cardUids"), it.DiscardUIDs)
		case cDiscardHeal:
			b = appendStrings(key(b, "cardUids"), it.HealUIDs[:])
		case cFirstDraw, cLookTop, cGlory, cPrayer:
			b = jsonw.AppendString(key(b, "choiceId"), a.choiceID)
		}
		if a.cmd == cGlory {
			b = jsonw.AppendString(key(b, "perk"), a.zone)
		}
		if a.cmd == cSteal || a.cmd == cToss {
			b = append(key(b, "pick"), '{')
			if a.zone == "inPlay" {
				b = append(jsonw.AppendString(append(b, `"cardUid":`...), uidTable[a.pick]), ',')
			}
			b = append(jsonw.AppendString(append(b, `"zone":`...), a.zone), '}')
		}
		if a.playedAs != "" {
			b = jsonw.AppendString(key(b, "playedAs"), a.playedAs)
		}
		switch a.cmd {
		case cPrayer:
			b = strconv.AppendBool(key(b, "pray"), a.yes)
		case cLookTop:
			b = jsonw.AppendString(key(b, "putBackUid"), uidTable[a.card])
		case cFirstDraw:
			b = jsonw.AppendString(append(key(b, "source"), `{"kind":`...), a.zone)
			if a.zone == "hand" {
				b = strconv.AppendInt(append(b, `,"seat":`...), int64(a.pick), 10)
			}
			b = append(b, '}')
		}
		if a.target >= 0 {
			b = strconv.AppendInt(key(b, "targetSeat"), int64(a.target), 10)
		}
		b = append(b, "}}"...)
	}
	return append(b, ']')
}

// appendStrings appends a string list as encoding/json writes a []string
// (null when nil).
func appendStrings(b []byte, list []string) []byte {
	if list == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonw.AppendString(b, s)
	}
	return append(b, ']')
}
