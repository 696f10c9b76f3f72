package main

import (
	"bytes"
	"strconv"

	"github.com/tidwall/gjson"
)

// answer appends the answer to a request to dst, nil when line needs
// none. n numbers the commandIds.
func answer(dst, line []byte, n int64) []byte {
	switch {
	case bytes.HasPrefix(line, []byte(`{"type":"your_turn"`)):
		r := gjson.GetManyBytes(line, "match_id", "turn", `legal_actions.#(action=="call").amount`)
		action := `"fold"}`
		if r[2].Exists() && r[2].Int() == 0 {
			action = `"call"}`
		}
		b := append(dst, `{"type":"move","match_id":`...)
		b = strconv.AppendQuote(b, r[0].Str)
		b = append(b, `,"turn":`...)
		b = strconv.AppendInt(b, r[1].Int(), 10)
		return append(append(b, `,"action":`...), action...)
	case bytes.Contains(line, []byte(`"legalActions":[{`)):
		r := gjson.GetManyBytes(line, "seatId", "observationVersion", "legalActions.0.actionId")
		b := append(dst, `{"seat":`...)
		b = strconv.AppendInt(b, r[0].Int(), 10)
		b = append(b, `,"observationVersion":`...)
		b = strconv.AppendInt(b, r[1].Int(), 10)
		b = append(b, `,"actionId":`...)
		b = strconv.AppendQuote(b, r[2].Str)
		b = append(b, `,"commandId":"c-`...)
		b = strconv.AppendInt(b, n, 10)
		return append(b, `"}`...)
	}
	return nil
}
