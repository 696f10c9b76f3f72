package main

import (
	"bytes"
	"strconv"

	"github.com/tidwall/gjson"
)

// answer appends the answer to a request to dst, nil when line (its line
// end included or not) needs none. n numbers the commandIds. A request laid out as umpire's embedded
// servers write it is read at the few places its fields are (fast.go);
// any other is read whole (answerFull).
func answer(dst, line []byte, n int64) []byte {
	for len(line) > 0 && (line[len(line)-1] == '\n' || line[len(line)-1] == '\r') {
		line = line[:len(line)-1]
	}
	if b, ok := answerFast(dst, line, n); ok {
		return b
	}
	return answerFull(dst, line, n)
}

// answerFull is answer reading the request with gjson, whatever its
// layout.
func answerFull(dst, line []byte, n int64) []byte {
	switch {
	case bytes.HasPrefix(line, []byte(`{"type":"your_turn"`)):
		r := gjson.GetManyBytes(line, "match_id", "turn", `legal_actions.#(action=="call").amount`)
		return appendMove(dst, r[0].Str, r[1].Int(), r[2].Exists() && r[2].Int() == 0)
	case bytes.Contains(line, []byte(`"legalActions":[{`)):
		r := gjson.GetManyBytes(line, "seatId", "observationVersion", "legalActions.0.actionId")
		return appendCommand(dst, r[0].Int(), r[1].Int(), r[2].Str, n)
	}
	return nil
}

// appendMove appends an Inference move: a check when it is free, else a
// fold.
func appendMove(dst []byte, matchID string, turn int64, free bool) []byte {
	action := `"fold"}`
	if free {
		action = `"call"}`
	}
	b := append(dst, `{"type":"move","match_id":`...)
	b = strconv.AppendQuote(b, matchID)
	b = append(b, `,"turn":`...)
	b = strconv.AppendInt(b, turn, 10)
	return append(append(b, `,"action":`...), action...)
}

// appendCommand appends a BangArena DecisionCommand taking actionID.
func appendCommand(dst []byte, seat, version int64, actionID string, n int64) []byte {
	b := append(dst, `{"seat":`...)
	b = strconv.AppendInt(b, seat, 10)
	b = append(b, `,"observationVersion":`...)
	b = strconv.AppendInt(b, version, 10)
	b = append(b, `,"actionId":`...)
	b = strconv.AppendQuote(b, actionID)
	b = append(b, `,"commandId":"c-`...)
	b = strconv.AppendInt(b, n, 10)
	return append(b, `"}`...)
}
