package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// parseDecisionByDecoder is parseDecision as it was before its
// json.Unmarshal fast path: every body through a json.Decoder.
func parseDecisionByDecoder(body []byte) (Decision, error) {
	var d Decision
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&d); err != nil {
		return d, fmt.Errorf("body is not a decision object: %v", err)
	}
	if dec.More() {
		return d, errors.New("body holds more than one JSON value")
	}
	if trimmed := bytes.TrimLeft(body, " \t\r\n"); len(trimmed) == 0 || trimmed[0] != '{' || !json.Valid(body) {
		return d, errors.New("body must be a JSON object")
	}
	return d.check()
}

// decisionBodies are bodies of every outcome of parseDecision.
var decisionBodies = []string{
	`{"seat":0,"actionId":"a","commandId":"c","observationVersion":1}`,
	" \t{\"seat\":2,\"actionId\":\"a\",\"commandId\":\"c\",\"basedOnVersion\":3,\"args\":{\"x\":[1]}}\n",
	`{"seat":0,"actionId":"a","commandId":"c","observationVersion":1,"args":null}`,
	`{"seat":0,"actionId":"a","commandId":"c","observationVersion":1,"args":[1]}`,
	`{"seat":"0","actionId":"a","commandId":"c","observationVersion":1}`,
	`{"seat":0,"actionId":7,"commandId":"c","observationVersion":1}`,
	`{"seat":0,"actionId":"a","commandId":"c","observationVersion":1.5}`,
	`{"seat":0,"actionId":"a","commandId":"c","observationVersion":99999999999999999999}`,
	`{"SEAT":0,"ActionId":"a","commandid":"c","observationVersion":1,"seat":1}`,
	`{"seat":0,"actionId":"a","commandId":"c","observationVersion":1,"basedOnVersion":2}`,
	`{"seat":0}`, `{}`, `{"seat":0,"actionId":"a","commandId":"c","observationVersion":1}}`,
	`{"seat":0,"actionId":"a","commandId":"c","observationVersion":1} {}`, `null`, `[]`, `"s"`, ``, `{`, "{\"actionId\":\"\xff\"}",
}

// TestParseDecisionMatchesDecoder: the decision and the error (its text
// goes back to the agent) are those of the decoder path for every body.
func TestParseDecisionMatchesDecoder(t *testing.T) {
	for _, b := range decisionBodies {
		checkParseDecision(t, []byte(b))
	}
}

func checkParseDecision(t *testing.T, body []byte) {
	t.Helper()
	have, herr := parseDecision(body)
	want, werr := parseDecisionByDecoder(body)
	if fmt.Sprint(herr) != fmt.Sprint(werr) || !reflect.DeepEqual(have, want) {
		t.Fatalf("%q:\nhave %+v, %v\nwant %+v, %v", body, have, herr, want, werr)
	}
}

// FuzzParseDecisionMatchesDecoder: the same for any body.
func FuzzParseDecisionMatchesDecoder(f *testing.F) {
	for _, b := range decisionBodies {
		f.Add([]byte(b))
	}
	f.Fuzz(func(t *testing.T, body []byte) { checkParseDecision(t, body) })
}
